import type { CatalogDetail, CatalogType } from '@pest/contracts';
import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { catalogDetails, type catalogTypes } from '../schema';

/** status enumeration: only Active (1) rows are listed to visitors. */
export const activeStatus = 1;

/**
 * The files visitors are shown: active, with their bytes stored. A row without them (written
 * through the API before its upload, or from before the rule) stays hidden (decision 0375).
 */
export const listedDetail = and(eq(catalogDetails.status, activeStatus), isNotNull(catalogDetails.storageKey)) as SQL;

export function catalogTypeOf(row: typeof catalogTypes.$inferSelect): CatalogType {
  return { id: row.id, name: row.name, status: row.status, index_id: row.indexId };
}

export function catalogDetailOf(row: typeof catalogDetails.$inferSelect): CatalogDetail {
  return {
    id: row.id,
    title: row.title,
    file: row.file,
    sort: row.sort,
    status: row.status,
    size: row.size,
    content_type: row.contentType,
    demo: row.demo,
  };
}
