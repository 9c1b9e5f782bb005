import type { IpmSearchResult, Paged } from '@pest/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
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
  const rowsQuery = db.select({ sheet: ipmSheets }).from(ipmSheets).$dynamic();
  const countQuery = db.select({ total: count() }).from(ipmSheets).$dynamic();
  const [rows, [counted]] = await Promise.all([
    (term ? rowsQuery.innerJoin(readingRoomSearch, term.joinOn) : rowsQuery)
      .where(where)
      .orderBy(...(term ? [asc(term.nameFirst)] : []), ...order)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    (term ? countQuery.innerJoin(readingRoomSearch, term.joinOn) : countQuery).where(where),
  ]);
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
