import type { CatalogueCollectionKey, CatalogueRow } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { tableOf, columnsOf, toApiRow, visibleWhere } from '../catalogue-collections';

/**
 * One row of a collection: the public call shows only what its list shows (a hidden row is
 * "not found", never "forbidden", so its existence is not told); staff previews pass `hidden`.
 */
export async function getCollectionItem<K extends CatalogueCollectionKey>(
  db: Executor,
  key: K,
  id: number,
  options: { hidden?: boolean } = {},
): Promise<CatalogueRow<K>> {
  const idColumn = columnsOf(key).id!;
  const [row] = await db
    .select()
    .from(tableOf(key))
    .where(options.hidden ? eq(idColumn, id) : and(eq(idColumn, id), visibleWhere(key)));
  if (!row) throw AppError.notFound('Content not found. Please try again.（找不到這筆資料）');
  return toApiRow(key, row as Record<string, unknown>);
}
