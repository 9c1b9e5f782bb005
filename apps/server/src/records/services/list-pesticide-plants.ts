import { and, asc, inArray, min, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { isCurrentUse } from '../pesticides/pesticide-data-state';
import { pesticideUses } from '../schema';
import { resolvePesticideNames } from './resolve-pesticide-names';

/** The crops with registered uses for a record's pesticide names, in the order of the source data. */
export async function listPesticidePlants(db: Executor, name: string): Promise<string[]> {
  const names = await resolvePesticideNames(db, name);
  if (names.length === 0) return [];
  const first = min(sql<number>`coalesce(${pesticideUses.sourceRow}, 2147483647)`);
  const rows = await db
    .select({ plant: pesticideUses.plant, first })
    .from(pesticideUses)
    .where(and(isCurrentUse, inArray(pesticideUses.bugname, names)))
    .groupBy(pesticideUses.plant)
    .orderBy(asc(first), asc(min(pesticideUses.id)), sql`${pesticideUses.plant} collate "C"`);
  return rows.map((row) => row.plant);
}
