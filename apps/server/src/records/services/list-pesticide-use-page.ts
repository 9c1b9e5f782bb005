import { listMoaGroups, moaGroups, pesticideUsePageSize, type PesticideUsePage } from '@pest/contracts';
import { and, asc, count, inArray, sql, type SQL } from 'drizzle-orm';
import { cropLookupNames } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { toPesticideEntry } from '../record-mappers';
import { pesticideUses } from '../schema';
import { resolvePesticideNames } from './resolve-pesticide-names';

/**
 * One page of the registered uses for a record's pesticide names on one crop (the crop by any of
 * its names, decision 0360), in the data's order, with the mode-of-action groups and counts of all
 * of them (decision 0432). Every statement reads `pesticide_uses_current_lookup_idx`: the groups
 * and counts and the page's ids from the index alone, then only the page's rows: a crop with
 * thousands of uses costs a page.
 */
export async function listPesticideUsePage(
  db: Executor,
  input: { name: string; plant: string; moa: string | null; page: number },
): Promise<PesticideUsePage> {
  const pageSize = pesticideUsePageSize;
  const [names, plants] = await Promise.all([resolvePesticideNames(db, input.name), cropLookupNames(db, input.plant)]);
  const empty = {
    moaGroups: [],
    moa: null,
    total: 0,
    matched: 0,
    page: input.page,
    pageSize,
    entries: [],
    differing: [],
  };
  if (names.length === 0) return empty;
  const onCrop = and(isCurrentUse, inArray(pesticideUses.bugname, names), inArray(pesticideUses.plant, plants));
  const byMoa = await db
    .select({ moa: pesticideUses.moa, uses: count() })
    .from(pesticideUses)
    .where(onCrop)
    .groupBy(pesticideUses.moa);
  const groups = listMoaGroups(byMoa);
  const moa = input.moa && groups.includes(input.moa) ? input.moa : null;
  const inGroup = byMoa.filter((row) => moa === null || moaGroups(row.moa).includes(moa));
  const total = byMoa.reduce((sum, row) => sum + row.uses, 0);
  const matched = inGroup.reduce((sum, row) => sum + row.uses, 0);
  if (matched === 0) return { ...empty, moaGroups: groups, moa, total };
  const shown: SQL | undefined = moa
    ? and(
        onCrop,
        inArray(
          pesticideUses.moa,
          inGroup.map((row) => row.moa),
        ),
      )
    : onCrop;
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
  return {
    moaGroups: groups,
    moa,
    total,
    matched,
    page,
    pageSize,
    entries: rows.map(toPesticideEntry),
  };
}
