import { inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';

/** Which of these IPM sheet ids exist, with their titles (other features link to IPM sheets). */
export async function findExistingIpmSheets(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: ipmSheets.id, title: ipmSheets.title })
    .from(ipmSheets)
    .where(inArray(ipmSheets.id, unique));
  return new Map(rows.map((row) => [row.id, row.title]));
}
