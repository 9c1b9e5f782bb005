import { listMoaGroups, moaGroups, pesticideUsePageSize, type PesticideUsePage } from '@pest/contracts';
import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { toPesticideEntry } from '../record-mappers';
import { pesticideUses } from '../schema';
import type { PesticideNameUses } from './read-pesticide-name-uses';

/** A name's uses on one crop by mode of action (`pesticideUseGroups`). */
export interface PesticideUseGroups {
  /** The pesticide data's names the record's name stands for. */
  names: string[];
  /** The crop's names the lookup reads (any of its names, decision 0360). */
  plants: string[];
  /** How many uses each mode-of-action code holds. */
  byMoa: Array<{ moa: string; uses: number }>;
}

/** One crop's share of a name's uses (`readPesticideNameUses`), the crop by any of its names. */
export function pesticideUseGroups(uses: PesticideNameUses, cropNames: readonly string[]): PesticideUseGroups {
  const byMoa = new Map<string, number>();
  for (const plant of uses.plants) {
    if (!cropNames.includes(plant.plant)) continue;
    for (const row of plant.byMoa) byMoa.set(row.moa, (byMoa.get(row.moa) ?? 0) + row.uses);
  }
  return {
    names: uses.names,
    plants: [...cropNames],
    byMoa: [...byMoa].map(([moa, count]) => ({ moa, uses: count })),
  };
}

const onCrop = (names: string[], plants: string[]) =>
  and(isCurrentUse, inArray(pesticideUses.bugname, names), inArray(pesticideUses.plant, plants));

/**
 * One page of the registered uses for a record's pesticide names on one crop, in the data's order,
 * with the mode-of-action groups and counts of all of them (decision 0432). The page's ids are read
 * from `pesticide_uses_current_lookup_idx` alone, then only the page's rows: a crop with thousands of
 * uses costs a page.
 */
export async function listPesticideUsePage(
  db: Executor,
  { names, plants, byMoa }: PesticideUseGroups,
  input: { moa: string | null; page: number },
): Promise<PesticideUsePage> {
  const pageSize = pesticideUsePageSize;
  const groups = listMoaGroups(byMoa);
  const moa = input.moa && groups.includes(input.moa) ? input.moa : null;
  const inGroup = byMoa.filter((row) => moa === null || moaGroups(row.moa).includes(moa));
  const total = byMoa.reduce((sum, row) => sum + row.uses, 0);
  const matched = inGroup.reduce((sum, row) => sum + row.uses, 0);
  const found = { moaGroups: groups, moa, total, matched, pageSize };
  if (matched === 0) return { ...found, page: input.page, entries: [] };
  const shown: SQL | undefined = moa
    ? and(
        onCrop(names, plants),
        inArray(
          pesticideUses.moa,
          inGroup.map((row) => row.moa),
        ),
      )
    : onCrop(names, plants);
  // A page past the last shows the last one.
  const page = Math.min(input.page, Math.ceil(matched / pageSize));
  const inSourceOrder = [sql`${pesticideUses.sourceRow} NULLS LAST`, asc(pesticideUses.id)];
  const pageIds = db
    .select({ id: pesticideUses.id })
    .from(pesticideUses)
    .where(shown)
    .orderBy(...inSourceOrder)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rows = await db
    .select()
    .from(pesticideUses)
    .where(inArray(pesticideUses.id, pageIds))
    .orderBy(...inSourceOrder);
  return { ...found, page, entries: rows.map(toPesticideEntry) };
}
