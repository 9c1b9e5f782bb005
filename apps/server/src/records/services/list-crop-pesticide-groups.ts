import { cropPesticidePageSize, type PesticideCropPage } from '@pest/contracts';
import { and, asc, count, inArray, min, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { resolveCrop } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { toPesticideEntry } from '../record-mappers';
import { pesticideUses } from '../schema';

/** A crop's pests in the data's order with their uses (`readCropPestGroups`), kept per crop by the records' services. */
export interface CropPestGroups {
  /** The crop's name shown (the vocabulary's), or the name asked when the vocabulary has none. */
  crop: string;
  /** The crop's names the lookup reads (its names in the vocabulary, or the name asked). */
  names: string[];
  /** Those names that the data holds. */
  plants: string[];
  /** Every pest or disease with uses on the crop, in the data's order, with how many. */
  groups: Array<{ bugname: string; count: number }>;
}

/**
 * A crop's pests and diseases with uses, in the data's order (the first row of each in the source
 * file), from the lookup indexes alone: read once per crop until the pesticide data or the vocabulary
 * changes (decision 0450), so a page of the crop reads only its rows.
 */
export async function readCropPestGroups(db: Executor, plant: string): Promise<CropPestGroups> {
  const crop = await resolveCrop(db, plant);
  const names = crop ? crop.names : [plant.trim()];
  const onCrop = and(isCurrentUse, inArray(pesticideUses.plant, names));
  const first = min(sql<number>`coalesce(${pesticideUses.sourceRow}, 2147483647)`);
  // Apart, not as an aggregate of the groups: `array_agg(distinct …)` sorts within every group (77–113
  // ms for a crop on the ten-year data, against 18 ms without it; this one reads a few index entries).
  const [rows, found] = await Promise.all([
    db
      .select({ bugname: pesticideUses.bugname, count: count(), first })
      .from(pesticideUses)
      .where(onCrop)
      .groupBy(pesticideUses.bugname)
      .orderBy(asc(first), sql`${pesticideUses.bugname} collate "C"`),
    db.selectDistinct({ plant: pesticideUses.plant }).from(pesticideUses).where(onCrop),
  ]);
  const plants = new Set(found.map((row) => row.plant));
  return {
    crop: crop?.name ?? plant.trim(),
    names,
    plants: names.filter((name) => plants.has(name)),
    groups: rows.map((row) => ({ bugname: row.bugname, count: row.count })),
  };
}

/**
 * The crop-first lookup (decision 0363): every registered use on a crop, grouped by pest or
 * disease in the data's order, a page of groups at a time. The crop is any of its names in the
 * vocabulary (芒果 reads the data's 檬果). The page's groups come from the crop's `CropPestGroups`,
 * then only their rows are read, so a crop with thousands of uses reads only the page's rows. With
 * `usesPerPest`, each group holds its first uses only (the page shows a few a pest): they are picked
 * in the database, so a pest with hundreds of uses on the crop does not send them all to be dropped
 * (`count` still says how many there are).
 */
export async function listCropPesticideGroups(
  db: Executor,
  pests: CropPestGroups,
  page: number,
  options: { usesPerPest?: number } = {},
): Promise<PesticideCropPage> {
  const pageSize = cropPesticidePageSize;
  const groups = pests.groups.slice((page - 1) * pageSize, page * pageSize);
  const rows =
    groups.length === 0
      ? []
      : await readGroupUses(
          db,
          pests.names,
          groups.map((group) => group.bugname),
          options.usesPerPest,
        );
  return {
    crop: pests.crop,
    plants: pests.plants,
    total: pests.groups.reduce((sum, group) => sum + group.count, 0),
    groups: pests.groups.length,
    page,
    pageSize,
    items: groups.map((group) => ({
      bugname: group.bugname,
      count: group.count,
      entries: rows.filter((row) => row.bugname === group.bugname).map(toPesticideEntry),
    })),
  };
}

/** The uses of the page's groups in the data's order: all of them, or the first `usesPerPest` of each pest. */
async function readGroupUses(
  db: Executor,
  plants: readonly string[],
  bugnames: readonly string[],
  usesPerPest: number | undefined,
) {
  const inSourceOrder = [sql`${pesticideUses.sourceRow} NULLS LAST`, asc(pesticideUses.id)] as const;
  const onCrop = (names: readonly string[]) =>
    and(isCurrentUse, inArray(pesticideUses.plant, [...plants]), inArray(pesticideUses.bugname, [...names]));
  if (usesPerPest === undefined) {
    return db
      .select()
      .from(pesticideUses)
      .where(onCrop(bugnames))
      .orderBy(...inSourceOrder);
  }
  // Each pest's first uses by a range of the lookup index that stops after them: numbering every use of
  // the page's pests read them all (10,120 on the ten-year data: 17 ms on PGlite, 5 ms this way).
  const [first, second, ...others] = bugnames.map((bugname) =>
    db
      .select({ id: pesticideUses.id })
      .from(pesticideUses)
      .where(onCrop([bugname]))
      .orderBy(...inSourceOrder)
      .limit(usesPerPest),
  );
  if (!first) return [];
  const picked = second ? await unionAll(first, second, ...others) : await first;
  return db
    .select()
    .from(pesticideUses)
    .where(
      inArray(
        pesticideUses.id,
        picked.map((row) => row.id),
      ),
    )
    .orderBy(...inSourceOrder);
}
