import { inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';

/** Which of these record ids exist, with their Chinese names (other features link to records). */
export async function findExistingRecords(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: records.id, name: records.cName })
    .from(records)
    .where(inArray(records.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
