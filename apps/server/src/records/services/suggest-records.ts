import type { RecordSummary } from '@pest/contracts';
import { and, arrayContains, arrayOverlaps, asc, desc, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { recordSearch } from '../schema';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { nameGramMark, similarityGrams } from '../../platform/search/search-grams';
import { listRecordSummaries } from './list-record-summaries';
import { throughGramIndex } from '../../platform/search/through-gram-index';

function sharedCount(matches: SQL[]): SQL<number> {
  return sql.join(
    matches.map((match) => sql`(case when ${match} then 1 else 0 end)`),
    sql` + `,
  ) as SQL<number>;
}

/** Whether a record's names contain a text, read from the short keys (the grams stay out of line). */
const inNames = (text: string) =>
  or(
    like(recordSearch.nameKey, `%${text}%`),
    like(recordSearch.aliasKey, `%${text}%`),
    like(recordSearch.latinKey, `%${text}%`),
  ) as SQL;
const nameGrams = (texts: readonly string[]) => texts.map((text) => nameGramMark + text);

/**
 * Record names nearest to a term that found nothing (a misspelling, one wrong character): the
 * records whose names share the most character pairs (or Latin letter triples) with the term;
 * when that finds too few — a wrong middle character breaks every pair of a three-character
 * name — those sharing the most single characters (at least two of them, when the term has
 * three or more). Closest in length, then name, break ties. Served by the search index.
 */
export async function suggestRecords(db: Executor, term: string, limit = 5): Promise<RecordSummary[]> {
  return throughGramIndex(db, (tx) => findNearestRecords(tx, term, limit));
}

/**
 * suggestRecords' work on an executor already through the gram index: a search that found nothing
 * asks it in its own transaction (searchRecords' `suggest`).
 */
export async function findNearestRecords(tx: Executor, term: string, limit: number): Promise<RecordSummary[]> {
  return listRecordSummaries(tx, await nearestIds(tx, term, limit));
}

async function nearestIds(db: Executor, term: string, limit: number): Promise<number[]> {
  const normalised = normaliseSearchText(term);
  const termLength = [...normalised].length;
  const lengthGap = sql`abs(char_length(${recordSearch.nameKey}) - ${termLength})`;
  const byCloseness = (shared: SQL<number>) =>
    [desc(shared), asc(lengthGap), sql`${recordSearch.cName} collate "C"`, asc(recordSearch.recordId)] as const;
  const ids: number[] = [];

  const grams = similarityGrams(normalised);
  if (grams.length > 0) {
    const matches = grams.map(inNames);
    const rows = await db
      .select({ id: recordSearch.recordId })
      .from(recordSearch)
      .where(arrayOverlaps(recordSearch.grams, nameGrams(grams)))
      .orderBy(...byCloseness(sharedCount(matches)))
      .limit(limit);
    ids.push(...rows.map((row) => row.id));
  }

  const characters = [...new Set(normalised.match(/\P{ASCII}/gu) ?? [])].slice(0, 6);
  if (ids.length < limit && characters.length >= 2) {
    const matches = characters.map(inNames);
    const pairs: SQL[] = [];
    if (characters.length === 2) pairs.push(arrayOverlaps(recordSearch.grams, nameGrams(characters)));
    else {
      for (let i = 0; i < characters.length; i += 1) {
        for (let j = i + 1; j < characters.length; j += 1)
          pairs.push(arrayContains(recordSearch.grams, nameGrams([characters[i]!, characters[j]!])));
      }
    }
    const rows = await db
      .select({ id: recordSearch.recordId })
      .from(recordSearch)
      .where(and(or(...pairs), ids.length > 0 ? notInArray(recordSearch.recordId, ids) : undefined))
      .orderBy(...byCloseness(sharedCount(matches)))
      .limit(limit - ids.length);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}
