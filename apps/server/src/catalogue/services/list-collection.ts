import type { CatalogueCollectionKey, CatalogueRow } from '@pest/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { tableOf, columnsOf, listOrder, toApiRow, visibleWhere } from '../catalogue-collections';

/**
 * A collection's public list: only the rows its visibility rule shows, in its sort
 * order, optionally those whose `column` equals `value` (the by-parent, by-type and by-user calls).
 */
export async function listCollection<K extends CatalogueCollectionKey>(
  db: Executor,
  key: K,
  where?: { column: string; value: number | string },
): Promise<Array<CatalogueRow<K>>> {
  const conditions: SQL[] = [visibleWhere(key)];
  if (where) conditions.push(eq(columnsOf(key)[where.column]!, where.value));
  const rows = await db
    .select()
    .from(tableOf(key))
    .where(and(...conditions))
    .orderBy(...listOrder(key));
  return rows.map((row) => toApiRow(key, row as Record<string, unknown>));
}
