import type { CatalogDetail } from '@pest/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { catalogDetails, catalogRelations, catalogTypes } from '../schema';
import { activeStatus, catalogDetailOf, listedDetail } from './catalog-rows';

/**
 * Files (catalog-details-by-type): active ones by sort; staff ask for every
 * status. By type, the type itself must be active too (a hidden type hides its files).
 */
export async function listCatalogDetails(
  db: Executor,
  options: { all?: boolean; id?: number; typeId?: number } = {},
): Promise<CatalogDetail[]> {
  const conditions: SQL[] = [];
  if (!options.all) conditions.push(listedDetail);
  if (options.id !== undefined) conditions.push(eq(catalogDetails.id, options.id));
  if (options.typeId !== undefined) {
    const inType = db
      .select({ id: catalogRelations.catalogDetailId })
      .from(catalogRelations)
      .innerJoin(catalogTypes, eq(catalogTypes.id, catalogRelations.catalogTypeId))
      .where(
        and(
          eq(catalogRelations.catalogTypeId, options.typeId),
          ...(options.all ? [] : [eq(catalogTypes.status, activeStatus)]),
        ),
      );
    conditions.push(inArray(catalogDetails.id, inType));
  }
  const rows = await db
    .select()
    .from(catalogDetails)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(catalogDetails.sort), asc(catalogDetails.id));
  return rows.map(catalogDetailOf);
}
