import { catalogueCollections, type CatalogueCollectionKey, type CatalogueRow } from '@pest/contracts';
import { asc, desc, getTableColumns, ne, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { sanitizeRichText } from '../platform/html/sanitize-rich-text';
import * as schema from './schema';

/** The table of each collection (one owner: this feature). */
export const collectionTables = {
  products: schema.products,
  productTypes: schema.productTypes,
  productDetails: schema.productDetails,
  productRelations: schema.productRelations,
  productPackages: schema.productPackages,
  productPackageTypes: schema.productPackageTypes,
  courses: schema.courses,
  courseTypes: schema.courseTypes,
  articles: schema.articles,
  articleCategories: schema.articleCategories,
  indexAreas: schema.indexAreas,
  tags: schema.tags,
  productBundles: schema.productBundles,
  serviceDetails: schema.serviceDetails,
  questionDetails: schema.questionDetails,
  questionTypes: schema.questionTypes,
  performanceDetails: schema.performanceDetails,
  performanceTypes: schema.performanceTypes,
  brandIntros: schema.brandIntros,
} as const satisfies Record<CatalogueCollectionKey, PgTable>;

/** The JSON-text fields and what each falls back to. */
const jsonFields = new Set(['description_titles', 'product_type_ids', 'pics', 'product_ids']);
/** Rich text from editors: sanitised on every read. */
const richTextFields = new Set(['content', 'answer']);

export function columnsOf(key: CatalogueCollectionKey): Record<string, PgColumn> {
  return getTableColumns(collectionTables[key]) as Record<string, PgColumn>;
}

/** Who sees a row in the product API: news-like lists any truthy status, the rest Active only. */
export function visibleWhere(key: CatalogueCollectionKey): SQL {
  const status = columnsOf(key).status!;
  return catalogueCollections[key].visibility === 'truthy' ? ne(status, 0) : eq(status, 1);
}

/** The list order of the spec for a collection. */
export function listOrder(key: CatalogueCollectionKey): SQL[] {
  const columns = columnsOf(key);
  return catalogueCollections[key].order.map(([name, direction]) =>
    direction === 'asc' ? asc(columns[name]!) : desc(columns[name]!),
  );
}

function parseJsonList(value: unknown): unknown[] | null {
  if (typeof value !== 'string') return Array.isArray(value) ? value : null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A stored row as the product API answers it: dates as ISO text, rich text sanitised, JSON text
 * parsed — a value that does not parse, or whose entries do not fit, falls back to an empty list,
 * and pictures to the banner, so a bad stored value never breaks a page (decision 0201).
 */
export function toApiRow<K extends CatalogueCollectionKey>(key: K, row: Record<string, unknown>) {
  const spec = catalogueCollections[key];
  const shape = spec.row.shape as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (!(name in shape)) continue;
    if (value instanceof Date) out[name] = value.toISOString();
    else if (jsonFields.has(name)) {
      const list = parseJsonList(value);
      const checked = list ? shape[name]!.safeParse(list) : { success: false };
      out[name] = checked.success ? checked.data : [];
    } else if (richTextFields.has(name) && typeof value === 'string') out[name] = sanitizeRichText(value);
    else out[name] = value;
  }
  if (
    'pics' in out &&
    Array.isArray(out.pics) &&
    out.pics.length === 0 &&
    typeof row.banner === 'string' &&
    row.banner
  ) {
    out.pics = [row.banner];
  }
  return out as CatalogueRow<K>;
}

/** An editor's validated input as stored: the JSON fields back to JSON text. */
export function toStoredValues(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => [name, jsonFields.has(name) ? JSON.stringify(value) : value]),
  );
}

/** The cache tag of a collection's public pages. */
export const collectionTag = (key: CatalogueCollectionKey) => `catalogue:${catalogueCollections[key].path}`;

/**
 * A collection's table for the generic services. Drizzle cannot type a query over a union of
 * tables, so they see every table as one shape and read rows as records (the contract checks them).
 */
export function tableOf(key: CatalogueCollectionKey): typeof schema.products {
  return collectionTables[key] as unknown as typeof schema.products;
}
