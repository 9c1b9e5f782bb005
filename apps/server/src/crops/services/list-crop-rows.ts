import type { AdminListPage, AdminListQuery, cropsAdminContract } from '@pest/contracts';
import { asc, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { cropNames, crops } from '../schema';

type Filters = z.output<(typeof cropsAdminContract)['filters']>;
type Row = z.input<(typeof cropsAdminContract)['row']>;

const sortColumns = { name: sql`${crops.name} collate "C"`, sort_order: crops.sortOrder } as const;

/** The vocabulary as the admin lists it: each crop, its synonyms one a line and what links to it. */
export async function listCropRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<Row>> {
  const key = normaliseSearchText(query.filters.q ?? '');
  const where =
    id !== undefined
      ? eq(crops.id, id)
      : key === ''
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(cropNames)
              .where(sql`${cropNames.cropId} = ${crops.id} and ${cropNames.nameKey} like ${`%${key}%`}`),
          );
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? crops.sortOrder;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const records = sql<number>`(select count(*) from crop_records as link where link.crop_id = crops.id)`;
  const sheets = sql<number>`(select count(*) from crop_ipm_sheets as link where link.crop_id = crops.id)`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ crop: crops, records: records.mapWith(Number), sheets: sheets.mapWith(Number) })
      .from(crops)
      .where(where)
      .orderBy(direction(column), asc(crops.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(crops).where(where),
  ]);
  const synonyms = await cropSynonyms(
    db,
    rows.map((row) => row.crop.id),
  );
  return {
    rows: rows.map(({ crop, records: recordCount, sheets: sheetCount }) => ({
      id: crop.id,
      name: crop.name,
      synonyms: (synonyms.get(crop.id) ?? []).join('\n'),
      sort_order: crop.sortOrder,
      records: recordCount,
      ipm_sheets: sheetCount,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Each crop's synonyms (its names but the one shown), in the order staff wrote them. */
export async function cropSynonyms(db: Executor, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ cropId: cropNames.cropId, name: cropNames.name })
    .from(cropNames)
    .where(inArray(cropNames.cropId, ids))
    .orderBy(asc(cropNames.position), asc(cropNames.name));
  for (const row of rows) {
    map.set(row.cropId, [...(map.get(row.cropId) ?? []), row.name]);
  }
  // The shown name is position 0; it is not a synonym.
  const shown = await db.select({ id: crops.id, name: crops.name }).from(crops).where(inArray(crops.id, ids));
  for (const crop of shown)
    map.set(
      crop.id,
      (map.get(crop.id) ?? []).filter((name) => name !== crop.name),
    );
  return map;
}
