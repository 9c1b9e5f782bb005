import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';

/**
 * Which of these IPM sheets visitors see (status 0 is a draft, decision 0240): another feature's
 * links to sheets (the wizard's final cards) leave out the rest instead of leading to a 404.
 */
export async function findPublishedIpmSheetIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: ipmSheets.id })
    .from(ipmSheets)
    .where(and(inArray(ipmSheets.id, unique), eq(ipmSheets.status, 1)));
  return new Set(rows.map((row) => row.id));
}
