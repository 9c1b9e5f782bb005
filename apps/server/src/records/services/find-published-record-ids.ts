import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';

/**
 * Which of these records visitors see (a draft is a 404 to them, decision 0250): another feature's
 * links to records (the wizard's final cards) leave out the rest instead of leading to a 404.
 */
export async function findPublishedRecordIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .where(and(inArray(records.id, unique), eq(records.state, 'published')));
  return new Set(rows.map((row) => row.id));
}
