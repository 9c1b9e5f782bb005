import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { matchingTerm } from '../../platform/search/matching-term';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { readingRoomSearch, type ReadingRoomSearchKind } from '../schema';

/**
 * How the reading room's lists find a visitor's term: through their search rows, with
 * the records' text rules (臺/台, Simplified input, variants such as 蕃茄/番茄). Null for a term that is
 * empty: the list shows everything. A term of only punctuation finds nothing, as in the records.
 */
export function readingRoomTerm(
  rawTerm: string,
  kind: ReadingRoomSearchKind,
  itemId: Column,
): { joinOn: SQL; where: SQL; nameFirst: SQL } | null {
  const term = normaliseSearchText(rawTerm);
  if (term === '') {
    // (`nameFirst` is an expression: a bare number in ORDER BY would name a column.)
    return rawTerm.trim() === ''
      ? null
      : { joinOn: sql`false`, where: sql`false`, nameFirst: sql`case when false then 0 else 1 end` };
  }
  return {
    joinOn: and(eq(readingRoomSearch.kind, kind), eq(readingRoomSearch.itemId, itemId)) as SQL,
    where: matchingTerm(term, {
      grams: readingRoomSearch.grams,
      nameKeys: [readingRoomSearch.nameKey],
      bodyKeys: [readingRoomSearch.bodyKey],
    }),
    // Items whose title (or category) holds the term come before those where only the summary does.
    // The normalised term has no LIKE wildcards: punctuation became spaces.
    nameFirst: sql`case when ${readingRoomSearch.nameKey} like ${`%${term}%`} then 0 else 1 end`,
  };
}
