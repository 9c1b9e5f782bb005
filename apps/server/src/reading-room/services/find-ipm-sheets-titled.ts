import { asc, eq, and } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets, readingRoomSearch } from '../schema';
import { readingRoomTerm } from './reading-room-term';

/**
 * Shown IPM sheets whose title, category or summary holds a typed text by the platform's search
 * rules, those with it in the title first (the expert desk attaches sheets by name, decision 0375).
 */
export async function findIpmSheetsTitled(
  db: Executor,
  text: string,
  limit = 10,
): Promise<Array<{ id: number; title: string }>> {
  const term = readingRoomTerm(text, 'ipm', ipmSheets.id);
  if (!term) return [];
  return db
    .select({ id: ipmSheets.id, title: ipmSheets.title })
    .from(ipmSheets)
    .innerJoin(readingRoomSearch, term.joinOn)
    .where(and(eq(ipmSheets.status, 1), term.where))
    .orderBy(asc(term.nameFirst), asc(ipmSheets.sort), asc(ipmSheets.id))
    .limit(limit);
}
