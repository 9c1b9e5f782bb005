import { and, count, inArray, min, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { pesticideUses } from '../schema';
import { resolvePesticideNames } from './resolve-pesticide-names';

/** How many uses of a name one crop holds under each mode-of-action code. */
export interface PlantUses {
  plant: string;
  byMoa: Array<{ moa: string; uses: number }>;
}

/** Everything the name-first lookup needs besides its page's rows (`readPesticideNameUses`). */
export interface PesticideNameUses {
  /** The pesticide data's names the record's name stands for (empty: none). */
  names: string[];
  /** The crops with uses of those names, in the order of the source data. */
  plants: PlantUses[];
}

/**
 * A record's pesticide names and their uses counted by crop and mode of action, in one statement on
 * `pesticide_uses_current_lookup_idx` alone. The records' services keep it per name until the data or
 * the records change (decision 0450): the crop tabs, a crop's mode-of-action groups and counts and
 * "does this record have uses" are all read from it, so a lookup's later pages read only their rows.
 */
export async function readPesticideNameUses(db: Executor, name: string): Promise<PesticideNameUses> {
  const names = await resolvePesticideNames(db, name);
  if (names.length === 0) return { names, plants: [] };
  const rows = await db
    .select({
      plant: pesticideUses.plant,
      moa: pesticideUses.moa,
      uses: count(),
      first: min(sql<number>`coalesce(${pesticideUses.sourceRow}, 2147483647)`),
      firstId: min(pesticideUses.id),
    })
    .from(pesticideUses)
    .where(and(isCurrentUse, inArray(pesticideUses.bugname, names)))
    .groupBy(pesticideUses.plant, pesticideUses.moa);
  const byPlant = new Map<string, PlantUses & { first: number; firstId: number }>();
  for (const row of rows) {
    const entry = byPlant.get(row.plant) ?? { plant: row.plant, byMoa: [], first: Infinity, firstId: Infinity };
    entry.byMoa.push({ moa: row.moa, uses: row.uses });
    entry.first = Math.min(entry.first, Number(row.first));
    entry.firstId = Math.min(entry.firstId, Number(row.firstId));
    byPlant.set(row.plant, entry);
  }
  // The crop whose first use comes first in the source file first; the first row's id breaks a tie.
  const plants = [...byPlant.values()].sort((a, b) => a.first - b.first || a.firstId - b.firstId);
  return { names, plants: plants.map(({ plant, byMoa }) => ({ plant, byMoa })) };
}
