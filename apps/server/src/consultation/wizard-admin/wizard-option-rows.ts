import type { AdminListPage, AdminListQuery, wizardOptionsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { consultationCrops, consultationLevels, consultationOptions } from '../schema';
import { parseFinalOptionName } from '../wizard/services/to-wizard-items';
import { wizardPictureFileId } from './wizard-picture';

type Filters = z.output<(typeof wizardOptionsAdminContract)['filters']>;
type Row = z.input<(typeof wizardOptionsAdminContract)['row']>;
type OptionRow = typeof consultationOptions.$inferSelect;

export interface OptionFacts {
  cropId: number;
  cropName: string;
  levelName: string;
  position: number;
  levelCount: number;
  parentLabel: string;
  children: number;
}

/** A final option's label and target, as the public wizard reads its name; others are all label. */
export function splitOptionName(name: string, final: boolean) {
  const target = final ? parseFinalOptionName(name) : null;
  return target ?? { label: name, kind: null, id: null };
}

/** An option as the admin shows it (an audit entry's before and after too). */
export function wizardOptionRowOf(option: OptionRow, facts: OptionFacts) {
  const final = facts.position === facts.levelCount;
  const { label, kind, id } = splitOptionName(option.name, final);
  return {
    id: option.id,
    crop_id: facts.cropId,
    crop_name: facts.cropName,
    level_id: option.levelId,
    level_name: facts.levelName,
    position: facts.position,
    final,
    parent_option_id: option.parentOptionId,
    parent_label: facts.parentLabel,
    label,
    target_kind: kind,
    target_id: id,
    name: option.name,
    path: option.path,
    children: facts.children,
    sort: option.sortOrder,
    team_authored: option.teamAuthored,
    picture_path: option.picture,
    picture: wizardPictureFileId(option.picture),
  } satisfies Row;
}

const sortColumns = {
  id: consultationOptions.id,
  sort: consultationOptions.sortOrder,
  position: consultationLevels.position,
} as const;

/** Options for the admin list, by crop, level or parent option; `id` reads one. */
export async function listWizardOptionRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<Row>> {
  const parent = alias(consultationOptions, 'parent_option');
  const where = and(
    id === undefined ? undefined : eq(consultationOptions.id, id),
    query.filters.crop_id === undefined ? undefined : eq(consultationLevels.cropId, query.filters.crop_id),
    query.filters.level_id === undefined ? undefined : eq(consultationOptions.levelId, query.filters.level_id),
    query.filters.parent_option_id === undefined
      ? undefined
      : eq(consultationOptions.parentOptionId, query.filters.parent_option_id),
  );
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? consultationOptions.sortOrder;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const levelCount = sql<number>`(select count(*) from ${consultationLevels} as siblings where siblings.crop_id = ${consultationLevels.cropId})`;
  const children = sql<number>`(select count(*) from ${consultationOptions} as children where children.parent_option_id = ${consultationOptions.id})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        option: consultationOptions,
        cropId: consultationCrops.id,
        cropName: consultationCrops.cname,
        levelName: consultationLevels.name,
        position: consultationLevels.position,
        levelCount: levelCount.mapWith(Number),
        parentLabel: sql<string>`coalesce(${parent.name}, '')`,
        children: children.mapWith(Number),
      })
      .from(consultationOptions)
      .innerJoin(consultationLevels, eq(consultationLevels.id, consultationOptions.levelId))
      .innerJoin(consultationCrops, eq(consultationCrops.id, consultationLevels.cropId))
      .leftJoin(parent, eq(parent.id, consultationOptions.parentOptionId))
      .where(where)
      .orderBy(
        direction(column),
        asc(consultationLevels.cropId),
        asc(consultationLevels.position),
        asc(consultationOptions.parentOptionId),
        asc(consultationOptions.sortOrder),
        asc(consultationOptions.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(consultationOptions)
      .innerJoin(consultationLevels, eq(consultationLevels.id, consultationOptions.levelId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => wizardOptionRowOf(row.option, row)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One option with what its row shows, read inside a write (for its audit entry). */
export async function readWizardOptionRow(db: Executor, id: number) {
  const page = await listWizardOptionRows(
    db,
    { page: 1, pageSize: 1, sort: { key: 'id', direction: 'asc' }, filters: {} },
    id,
  );
  return page.rows[0] ?? null;
}
