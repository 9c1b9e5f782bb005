import type { CatalogueRow } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { toApiRow, visibleWhere } from '../catalogue-collections';
import { productPackages } from '../schema';

/** product-package-by-name/{name}: the shown package of that name (its short name). */
export async function findPackageByName(db: Executor, name: string): Promise<CatalogueRow<'productPackages'>> {
  const [row] = await db
    .select()
    .from(productPackages)
    .where(and(eq(productPackages.name, name), visibleWhere('productPackages')));
  if (!row) throw AppError.notFound('找不到這個商品組合');
  return toApiRow('productPackages', row);
}
