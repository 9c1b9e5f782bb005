import { cropPesticidePageSize, type PesticideCropPage } from '@pest/contracts';
import { and, asc, count, eq, inArray, lte, min, sql, type SQL } from 'drizzle-orm';
import { resolveCrop } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { toPesticideEntry } from '../record-mappers';
import { pesticideUses } from '../schema';

/**
 * The crop-first lookup (decision 0363): every registered use on a crop, grouped by pest or
 * disease in the data's order, a page of groups at a time. The crop is any of its names in the
 * vocabulary (芒果 reads the data's 檬果). Two queries on `pesticide_uses_current_plant_idx`: the
 * groups of the page (with the totals), then their rows, so a crop with thousands of uses reads
 * only the page's rows. With `usesPerPest`, each group holds its first uses only (the page shows a
 * few a pest): they are picked in the database, so a pest with hundreds of uses on the crop does not
 * send them all to be dropped (`count` still says how many there are).
 */
export async function listCropPesticideGroups(
  db: Executor,
  plant: string,
  page: number,
  options: { usesPerPest?: number } = {},
): Promise<PesticideCropPage> {
  const crop = await resolveCrop(db, plant);
  const names = crop ? crop.names : [plant.trim()];
  const pageSize = cropPesticidePageSize;
  const onCrop = and(isCurrentUse, inArray(pesticideUses.plant, names));
  const first = min(sql<number>`coalesce(${pesticideUses.sourceRow}, 2147483647)`);
  const [groups, [totals], foundPlants] = await Promise.all([
    db
      .select({ bugname: pesticideUses.bugname, count: count(), first })
      .from(pesticideUses)
      .where(onCrop)
      .groupBy(pesticideUses.bugname)
      .orderBy(asc(first), sql`${pesticideUses.bugname} collate "C"`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), groups: sql<number>`count(distinct ${pesticideUses.bugname})`.mapWith(Number) })
      .from(pesticideUses)
      .where(onCrop),
    db.selectDistinct({ plant: pesticideUses.plant }).from(pesticideUses).where(onCrop),
  ]);
  const rows =
    groups.length === 0
      ? []
      : await readGroupUses(
          db,
          and(
            onCrop,
            inArray(
              pesticideUses.bugname,
              groups.map((group) => group.bugname),
            ),
          ),
          options.usesPerPest,
        );
  return {
    crop: crop?.name ?? plant.trim(),
    plants: names.filter((name) => foundPlants.some((found) => found.plant === name)),
    total: totals?.total ?? 0,
    groups: totals?.groups ?? 0,
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
async function readGroupUses(db: Executor, ofGroups: SQL | undefined, usesPerPest: number | undefined) {
  const inSourceOrder = [sql`${pesticideUses.sourceRow} NULLS LAST`, asc(pesticideUses.id)] as const;
  if (usesPerPest === undefined) {
    return db
      .select()
      .from(pesticideUses)
      .where(ofGroups)
      .orderBy(...inSourceOrder);
  }
  const ranked = db
    .select({
      id: pesticideUses.id,
      rank: sql<number>`row_number() over (partition by ${pesticideUses.bugname} order by ${pesticideUses.sourceRow} NULLS LAST, ${pesticideUses.id})`.as(
        'rank',
      ),
    })
    .from(pesticideUses)
    .where(ofGroups)
    .as('ranked');
  const picked = await db
    .select({ use: pesticideUses })
    .from(pesticideUses)
    .innerJoin(ranked, eq(ranked.id, pesticideUses.id))
    .where(lte(ranked.rank, usesPerPest))
    .orderBy(...inSourceOrder);
  return picked.map((row) => row.use);
}
