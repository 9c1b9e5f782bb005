import type { AdminListPage, AdminListQuery, relatedLinksAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import type { Executor } from '../../platform/database/database';
import { relatedLinks } from '../schema';
import { relatedLinkAdminRow, type RelatedLinkAdminRow } from './related-link-admin-row';

type Filters = z.output<typeof relatedLinksAdminContract.filters>;

const sortColumns = { id: relatedLinks.id, sort: relatedLinks.sort, updated_at: relatedLinks.updatedAt } as const;

/** Every related link, hidden ones too, as the admin lists them (or the one with `id`). */
export async function listRelatedLinkAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<RelatedLinkAdminRow>> {
  const { q, url_checked: checked } = query.filters;
  const where = and(
    id === undefined ? undefined : eq(relatedLinks.id, id),
    adminTextFilter(q, [relatedLinks.title, relatedLinks.description, relatedLinks.url]),
    checked === undefined ? undefined : eq(relatedLinks.urlChecked, checked === 'yes'),
  );
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? relatedLinks.sort;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(relatedLinks)
      .where(where)
      .orderBy(direction(column), asc(relatedLinks.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(relatedLinks).where(where),
  ]);
  return {
    rows: rows.map(relatedLinkAdminRow),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
