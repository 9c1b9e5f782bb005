import { and, asc, inArray, min, sql } from 'drizzle-orm';
import { resolveCrop } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { findCurrentImport, isCurrentUse } from '../pesticides/pesticide-data-state';
import { pesticideUses } from '../schema';

export interface CropPesticidePack {
  /** The crop as the crop-first lookup names it (its vocabulary name). */
  crop: string;
  /** The data's names of the crop, as the lookup links its pests' pages with the first. */
  plants: string[];
  /** Every pest or disease with a use on the crop, in the lookup's order. */
  bugnames: string[];
  /** When the data on the site was imported (null before any import). */
  importedAt: Date | null;
}

/**
 * What a saved crop keeps of the pesticide data (decision 0390): the crop-first lookup's pages
 * (decision 0363) and each pest's own page, named as those pages link them.
 */
export async function listCropPesticidePack(db: Executor, plant: string): Promise<CropPesticidePack> {
  const crop = await resolveCrop(db, plant);
  const names = crop ? crop.names : [plant.trim()];
  const onCrop = and(isCurrentUse, inArray(pesticideUses.plant, names));
  const first = min(sql<number>`coalesce(${pesticideUses.sourceRow}, 2147483647)`);
  const [groups, foundPlants, current] = await Promise.all([
    db
      .select({ bugname: pesticideUses.bugname, first })
      .from(pesticideUses)
      .where(onCrop)
      .groupBy(pesticideUses.bugname)
      .orderBy(asc(first), sql`${pesticideUses.bugname} collate "C"`),
    db.selectDistinct({ plant: pesticideUses.plant }).from(pesticideUses).where(onCrop),
    findCurrentImport(db),
  ]);
  return {
    crop: crop?.name ?? plant.trim(),
    plants: names.filter((name) => foundPlants.some((found) => found.plant === name)),
    bugnames: groups.map((group) => group.bugname),
    importedAt: current ? (current.importedAt ?? current.createdAt) : null,
  };
}
