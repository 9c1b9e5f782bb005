import type { AdminListPage, AdminListQuery, videosAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import type { Executor } from '../../platform/database/database';
import { videos } from '../schema';
import { videoAdminRow, type VideoAdminRow } from './video-admin-row';

type Filters = z.output<typeof videosAdminContract.filters>;

/** Every video, drafts too, as the admin lists them (or the one with `id`, for the detail screen). */
export async function listVideoAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<VideoAdminRow>> {
  const { q, state } = query.filters;
  const where = and(
    id === undefined ? undefined : eq(videos.id, id),
    adminTextFilter(q, [videos.title, videos.detail]),
    state === undefined ? undefined : eq(videos.status, state === 'published' ? 1 : 0),
  );
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = query.sort.key === 'updated_at' ? videos.updatedAt : videos.id;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(videos)
      .where(where)
      .orderBy(direction(column), direction(videos.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(videos).where(where),
  ]);
  return { rows: rows.map(videoAdminRow), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
