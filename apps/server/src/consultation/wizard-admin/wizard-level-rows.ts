import type { AdminListPage, AdminListQuery, wizardLevelsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { consultationCrops, consultationLevels, consultationOptions } from '../schema';

type Filters = z.output<(typeof wizardLevelsAdminContract)['filters']>;
type Row = z.input<(typeof wizardLevelsAdminContract)['row']>;
type LevelRow = typeof consultationLevels.$inferSelect;

/** A level as the admin shows it (an audit entry's before and after too). */
export function wizardLevelRowOf(level: LevelRow, facts: { cropName: string; levelCount: number; options: number }) {
  return {
    id: level.id,
    crop_id: level.cropId,
    crop_name: facts.cropName,
    name: level.name,
    position: level.position,
    last: level.position === facts.levelCount,
    options: facts.options,
  } satisfies Row;
}

const sortColumns = { id: consultationLevels.id, position: consultationLevels.position } as const;

/** A crop's levels (or every crop's) for the admin list; `id` reads one. */
export async function listWizardLevelRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<Row>> {
  const where = and(
    id === undefined ? undefined : eq(consultationLevels.id, id),
    query.filters.crop_id === undefined ? undefined : eq(consultationLevels.cropId, query.filters.crop_id),
  );
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? consultationLevels.position;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const levelCount = sql<number>`(select count(*) from ${consultationLevels} as siblings where siblings.crop_id = ${consultationLevels.cropId})`;
  const options = sql<number>`(select count(*) from ${consultationOptions} where ${consultationOptions.levelId} = ${consultationLevels.id})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        level: consultationLevels,
        cropName: consultationCrops.cname,
        levelCount: levelCount.mapWith(Number),
        options: options.mapWith(Number),
      })
      .from(consultationLevels)
      .innerJoin(consultationCrops, eq(consultationCrops.id, consultationLevels.cropId))
      .where(where)
      .orderBy(direction(column), asc(consultationLevels.cropId), asc(consultationLevels.position))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(consultationLevels).where(where),
  ]);
  return {
    rows: rows.map((row) => wizardLevelRowOf(row.level, row)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
