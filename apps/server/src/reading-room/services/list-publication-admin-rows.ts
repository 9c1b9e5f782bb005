import type { AdminListPage, AdminListQuery, publicationsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import type { Executor } from '../../platform/database/database';
import { publications } from '../schema';
import { publicationAdminRow, type PublicationAdminRow } from './publication-admin-row';

type Filters = z.output<typeof publicationsAdminContract.filters>;

const sortColumns = { id: publications.id, year: publications.year, updated_at: publications.updatedAt } as const;

/** Every publication, drafts too, as the admin lists them (or the one with `id`, for the detail screen). */
export async function listPublicationAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<PublicationAdminRow>> {
  const { q, state } = query.filters;
  const where = and(
    id === undefined ? undefined : eq(publications.id, id),
    adminTextFilter(q, [publications.title, publications.detail]),
    state === undefined ? undefined : eq(publications.status, state === 'published' ? 1 : 0),
  );
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? publications.id;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(publications)
      .where(where)
      .orderBy(direction(column), direction(publications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(publications).where(where),
  ]);
  return {
    rows: rows.map(publicationAdminRow),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
