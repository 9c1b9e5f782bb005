import type { CatalogType } from '@pest/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { catalogTypes } from '../schema';
import { activeStatus, catalogTypeOf } from './catalog-rows';

/** The download menu: active types by index_id; staff ask for every status. */
export async function listCatalogTypes(
  db: Executor,
  options: { all?: boolean; id?: number } = {},
): Promise<CatalogType[]> {
  const conditions: SQL[] = [];
  if (!options.all) conditions.push(eq(catalogTypes.status, activeStatus));
  if (options.id !== undefined) conditions.push(eq(catalogTypes.id, options.id));
  const rows = await db
    .select()
    .from(catalogTypes)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(catalogTypes.indexId), asc(catalogTypes.id));
  return rows.map(catalogTypeOf);
}
