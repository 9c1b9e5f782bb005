import { asc, inArray, min, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { pesticideUses } from '../schema';
import { resolvePesticideNames } from './resolve-pesticide-names';

/** The crops with registered uses for a record's pesticide names, in the order of the source data. */
export async function listPesticidePlants(db: Executor, name: string): Promise<string[]> {
  const names = await resolvePesticideNames(db, name);
  if (names.length === 0) return [];
  const rows = await db
    .select({ plant: pesticideUses.plant, first: min(pesticideUses.id) })
    .from(pesticideUses)
    .where(inArray(pesticideUses.bugname, names))
    .groupBy(pesticideUses.plant)
    .orderBy(asc(min(pesticideUses.id)), sql`${pesticideUses.plant} collate "C"`);
  return rows.map((row) => row.plant);
}
