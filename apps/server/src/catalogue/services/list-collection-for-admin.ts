import {
  catalogueCollections,
  type AdminListPage,
  type AdminListQuery,
  type CatalogueCollectionKey,
} from '@pest/contracts';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { tableOf, columnsOf, toApiRow } from '../catalogue-collections';
import { adminTextFilter } from '../../platform/admin/admin-list-search';

/** A collection in /admin: every status, searched in its title column, sorted and paged. */
export async function listCollectionForAdmin<K extends CatalogueCollectionKey>(
  db: Executor,
  key: K,
  query: AdminListQuery<{ q?: string | undefined; status?: '0' | '1' | '2' | undefined }>,
): Promise<AdminListPage<ReturnType<typeof toApiRow<K>>>> {
  const table = tableOf(key);
  const columns = columnsOf(key);
  const conditions: SQL[] = [];
  const titleColumn = columns[catalogueCollections[key].titleKey];
  const matches = titleColumn ? adminTextFilter(query.filters.q, [sql`${titleColumn}::text`]) : undefined;
  if (matches) conditions.push(matches);
  if (query.filters.status !== undefined) conditions.push(eq(columns.status!, Number(query.filters.status)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const sortColumn = columns[query.sort.key] ?? columns.id!;
  const [total] = await db.select({ value: count() }).from(table).where(where);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(query.sort.direction === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(columns.id!))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    rows: rows.map((row) => toApiRow(key, row as Record<string, unknown>)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
