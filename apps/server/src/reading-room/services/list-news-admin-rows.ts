import type { AdminListPage, AdminListQuery, newsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import type { Executor } from '../../platform/database/database';
import { news } from '../schema';
import { newsAdminRow, type NewsAdminRow } from './news-admin-row';

type Filters = z.output<typeof newsAdminContract.filters>;

/** Every news item, drafts and scheduled ones too, as the admin lists them (or the one with `id`). */
export async function listNewsAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<NewsAdminRow>> {
  const { q, state } = query.filters;
  const where = and(
    id === undefined ? undefined : eq(news.id, id),
    adminTextFilter(q, [news.title, news.summary]),
    state === undefined ? undefined : state === 'draft' ? eq(news.status, 0) : ne(news.status, 0),
  );
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = query.sort.key === 'id' ? news.id : news.postAt;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(direction(column), direction(news.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(news).where(where),
  ]);
  const now = new Date();
  return {
    rows: rows.map((row) => newsAdminRow(row, now)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
