import type { AdminListPage, AdminListQuery, wizardCropsAdminContract } from '@pest/contracts';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { consultationCrops } from '../schema';
import { wizardPictureFileId } from './wizard-picture';

type Filters = z.output<(typeof wizardCropsAdminContract)['filters']>;
type Row = z.input<(typeof wizardCropsAdminContract)['row']>;
type CropRow = typeof consultationCrops.$inferSelect;

/** A crop as the admin shows it (an audit entry's before and after too). */
export function wizardCropRowOf(crop: CropRow, counts = { levels: 0, options: 0 }) {
  return {
    id: crop.id,
    cname: crop.cname,
    ename: crop.ename,
    online: crop.online,
    sort_order: crop.sortOrder,
    levels: counts.levels,
    options: counts.options,
    picture_path: crop.picture,
    picture: wizardPictureFileId(crop.picture),
  } satisfies Row;
}

const sortColumns = {
  id: consultationCrops.id,
  cname: consultationCrops.cname,
  sort_order: consultationCrops.sortOrder,
} as const;

/** The wizard's crops for the admin list, online or not; `id` reads one. */
export async function listWizardCropRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<Row>> {
  const where =
    id !== undefined
      ? eq(consultationCrops.id, id)
      : query.filters.online === undefined
        ? undefined
        : eq(consultationCrops.online, query.filters.online);
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? consultationCrops.sortOrder;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  // Spelled out: a one-table select leaves its columns unqualified, which the subqueries would make ambiguous.
  const levels = sql<number>`(select count(*) from consultation_levels as level where level.crop_id = consultation_crops.id)`;
  const options = sql<number>`(select count(*) from consultation_options as card inner join consultation_levels as level on level.id = card.level_id where level.crop_id = consultation_crops.id)`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ crop: consultationCrops, levels: levels.mapWith(Number), options: options.mapWith(Number) })
      .from(consultationCrops)
      .where(where)
      .orderBy(direction(column), asc(consultationCrops.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(consultationCrops).where(where),
  ]);
  return {
    rows: rows.map((row) => wizardCropRowOf(row.crop, row)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
