import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { isPublishedRecord } from './record-visibility';

/**
 * The 病蟲名稱 values to look up for a name: a record's linked pesticide-data names when the
 * name is a record's Chinese name, otherwise the name itself as an exact 病蟲名稱. Never a
 * fuzzy match: a similar-looking name in the pesticide data may be a different organism.
 */
export async function resolvePesticideNames(db: Executor, name: string): Promise<string[]> {
  const trimmed = name.trim();
  if (trimmed === '') return [];
  const linked = await db
    .select({ pesticideNames: records.pesticideNames })
    .from(records)
    .where(and(eq(records.cName, trimmed), isPublishedRecord));
  if (linked.length === 0) return [trimmed];
  return [...new Set(linked.flatMap((row) => row.pesticideNames))];
}
