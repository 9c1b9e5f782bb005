import type { CatalogRelation } from '@pest/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { catalogDetails, catalogRelations, catalogTypes } from '../schema';
import { activeStatus, catalogDetailOf, listedDetail } from './catalog-rows';

/**
 * Relations with their file (catalog_detail"), newest
 * first; for visitors only those of an active type and file.
 */
export async function listCatalogRelations(
  db: Executor,
  options: { all?: boolean; id?: number; typeId?: number } = {},
): Promise<CatalogRelation[]> {
  const conditions: SQL[] = [];
  if (!options.all) {
    conditions.push(listedDetail, eq(catalogTypes.status, activeStatus));
  }
  if (options.id !== undefined) conditions.push(eq(catalogRelations.id, options.id));
  if (options.typeId !== undefined) conditions.push(eq(catalogRelations.catalogTypeId, options.typeId));
  const rows = await db
    .select({ relation: catalogRelations, detail: catalogDetails })
    .from(catalogRelations)
    .innerJoin(catalogDetails, eq(catalogDetails.id, catalogRelations.catalogDetailId))
    .innerJoin(catalogTypes, eq(catalogTypes.id, catalogRelations.catalogTypeId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(catalogRelations.id));
  return rows.map(({ relation, detail }) => ({
    id: relation.id,
    catalog_type_id: relation.catalogTypeId,
    catalog_detail: catalogDetailOf(detail),
  }));
}
