import type { PesticideEntry } from '@pest/contracts';
import { and, asc, inArray, sql } from 'drizzle-orm';
import { cropLookupNames } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { toPesticideEntry } from '../record-mappers';
import { pesticideUses } from '../schema';
import { resolvePesticideNames } from './resolve-pesticide-names';

/**
 * The registered uses for a record's pesticide names on one crop, in the order of the source data
 * (its row numbers: a row an import changed keeps its place). The crop may be any of its names in
 * the crop vocabulary (芒果 finds the data's 檬果, decision 0360).
 */
export async function listPesticideEntries(db: Executor, name: string, plant: string): Promise<PesticideEntry[]> {
  const names = await resolvePesticideNames(db, name);
  if (names.length === 0) return [];
  const plants = await cropLookupNames(db, plant);
  const rows = await db
    .select()
    .from(pesticideUses)
    .where(and(isCurrentUse, inArray(pesticideUses.bugname, names), inArray(pesticideUses.plant, plants)))
    .orderBy(sql`${pesticideUses.sourceRow} NULLS LAST`, asc(pesticideUses.id));
  return rows.map(toPesticideEntry);
}
