import type { CatalogueRow } from '@pest/contracts';
import { and, gte, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { listOrder, toApiRow, visibleWhere } from '../catalogue-collections';
import { productBundles } from '../schema';

/** product-bundles-in-activity: shown bundles whose period includes now (an open end counts). */
export async function listBundlesInActivity(
  db: Executor,
  now = new Date(),
): Promise<Array<CatalogueRow<'productBundles'>>> {
  const rows = await db
    .select()
    .from(productBundles)
    .where(
      and(
        visibleWhere('productBundles'),
        or(isNull(productBundles.starts_at), lte(productBundles.starts_at, now)),
        or(isNull(productBundles.ends_at), gte(productBundles.ends_at, now)),
      ),
    )
    .orderBy(...listOrder('productBundles'));
  return rows.map((row) => toApiRow('productBundles', row));
}
