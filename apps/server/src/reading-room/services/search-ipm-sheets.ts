import type { IpmSearchResult, Paged } from '@pest/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { ipmSheets, readingRoomSearch } from '../schema';
import { readingRoomTerm } from './reading-room-term';
import { toPicture } from './to-reading-room-items';

/**
 * IPM sheets whose title, category or summary holds the term by the platform's search rules, those
 * with it in the title or category first (every sheet for an empty term), in the sheets' order.
 */
export async function searchIpmSheets(
  db: Executor,
  input: { term: string; page: number; pageSize: number },
): Promise<Paged<IpmSearchResult>> {
  const term = readingRoomTerm(input.term, 'ipm', ipmSheets.id);
  const where = and(eq(ipmSheets.status, 1), term?.where);
  const order = [asc(ipmSheets.sort), asc(ipmSheets.id)];
  const read = (tx: Executor) => {
    const rowsQuery = tx.select({ sheet: ipmSheets }).from(ipmSheets).$dynamic();
    const countQuery = tx.select({ total: count() }).from(ipmSheets).$dynamic();
    return Promise.all([
      (term ? rowsQuery.innerJoin(readingRoomSearch, term.joinOn) : rowsQuery)
        .where(where)
        .orderBy(...(term ? [asc(term.nameFirst)] : []), ...order)
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
      (term ? countQuery.innerJoin(readingRoomSearch, term.joinOn) : countQuery).where(where),
    ]);
  };
  // A term is looked up in the gram index, never by reading every sheet's grams (decision 0382):
  // 2,000 sheets, 11 → 5 ms for the page and 8 → 2 ms for the count on the embedded database.
  const [rows, [counted]] = await (term ? throughGramIndex(db, read) : read(db));
  return {
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    items: rows.map(({ sheet }) => ({
      id: sheet.id,
      title: sheet.title,
      detail: sheet.detail,
      name: sheet.category,
      ...toPicture(sheet),
    })),
  };
}
