import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';

/**
 * Shown IPM sheets' ids by exact title, for other features' demo content (the consultation
 * wizard's final options). A title two sheets share is left out, so a caller never links the wrong one.
 */
export async function findIpmSheetsByTitle(db: Executor, titles: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (titles.length === 0) return found;
  const rows = await db
    .select({ id: ipmSheets.id, title: ipmSheets.title })
    .from(ipmSheets)
    .where(and(inArray(ipmSheets.title, [...new Set(titles)]), eq(ipmSheets.status, 1)));
  for (const row of rows) {
    if (rows.filter((other) => other.title === row.title).length === 1) found.set(row.title, row.id);
  }
  return found;
}
