import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { matchingTerm } from '../../platform/search/matching-term';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { records, recordSearch } from '../schema';
import { isPublishedRecord } from './record-visibility';

/**
 * Published records whose Chinese, other or Latin names hold a typed text, through the shared
 * search index (the expert desk attaches records by name, decision 0375): names that start with
 * it first, then the shortest.
 */
export async function findRecordsNamed(
  db: Executor,
  text: string,
  limit = 10,
): Promise<Array<{ id: number; title: string }>> {
  const term = normaliseSearchText(text);
  if (term === '') return [];
  const { nameKey, aliasKey, latinKey } = recordSearch;
  return db
    .select({ id: records.id, title: records.cName })
    .from(recordSearch)
    .innerJoin(records, eq(records.id, recordSearch.recordId))
    .where(
      and(
        isPublishedRecord,
        matchingTerm(term, { grams: recordSearch.grams, nameKeys: [nameKey, aliasKey, latinKey], bodyKeys: [] }),
      ),
    )
    .orderBy(
      sql`(${nameKey} not like ${`${term}%`})`,
      sql`char_length(${nameKey})`,
      sql`${recordSearch.cName} collate "C"`,
      asc(records.id),
    )
    .limit(limit);
}
