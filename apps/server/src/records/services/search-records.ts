import type { RecordSummary, RecordType } from '@pest/contracts';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { toRecordSummary } from '../record-mappers';
import { recordPictureUrl } from '../record-pictures-url';
import { recordPictures, records, recordSearch } from '../schema';
import { matchingTerm as matchingSearchTerm } from '../../platform/search/matching-term';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { summaryColumns } from './list-record-summaries';
import { findNearestRecords, suggestRecords } from './suggest-records';

export interface SearchRecordsInput {
  term: string;
  types: readonly RecordType[];
  page: number;
  pageSize: number;
  /**
   * When nothing matches a term, how many nearest record names to offer (suggestRecords), found in the
   * search's own transaction: a search page with no match then costs one transaction, not two.
   */
  suggest?: number;
}

export interface SearchRecordsResult {
  total: number;
  page: number;
  items: RecordSummary[];
  /** With `suggest` and no match: the nearest names (maybe none); otherwise absent. */
  suggestions?: RecordSummary[];
}

/**
 * Match tiers, best first. Ties within a tier are broken by Chinese name, then id.
 * 0 exact name (Chinese, alias, English or scientific), 1 Chinese-name prefix,
 * 2 Chinese-name substring, 3 alias substring, 4 English/scientific substring, 5 body text only.
 */
export const matchTiers = {
  exactName: 0,
  namePrefix: 1,
  nameSubstring: 2,
  alias: 3,
  latin: 4,
  body: 5,
} as const;

/**
 * The tier of a matching row, from its short name keys only (the grams and body text stay out of
 * line): a row whose names do not contain the term matched on body text alone, and among the rest
 * the term can only be in the Latin names when it is in neither the Chinese name nor an alias.
 * Alias and Latin keys are stored as lines with a line break before and after each, so a
 * whole-line test needs no string building.
 */
function tierOf(term: string): SQL<number> {
  const contains = `%${term}%`;
  const wholeLine = `%\n${term}\n%`;
  const { nameKey, aliasKey, latinKey } = recordSearch;
  // Tiers are written as numbers, not parameters, so the database sorts integers.
  const tier = (value: number) => sql.raw(String(value));
  return sql<number>`case
    when ${nameKey} = ${term} then ${tier(matchTiers.exactName)}
    when not (${nameKey} like ${contains} or ${aliasKey} like ${contains} or ${latinKey} like ${contains}) then ${tier(matchTiers.body)}
    when ${aliasKey} like ${wholeLine} or ${latinKey} like ${wholeLine} then ${tier(matchTiers.exactName)}
    when ${nameKey} like ${`${term}%`} then ${tier(matchTiers.namePrefix)}
    when ${nameKey} like ${contains} then ${tier(matchTiers.nameSubstring)}
    when ${aliasKey} like ${contains} then ${tier(matchTiers.alias)}
    else ${tier(matchTiers.latin)} end`;
}

/** Which search rows match a normalised term: the platform's one gram query (decision 0160). */
export function matchingTerm(term: string): SQL {
  const { grams, nameKey, aliasKey, latinKey, bodyKey } = recordSearch;
  return matchingSearchTerm(term, { grams, nameKeys: [nameKey, aliasKey, latinKey], bodyKeys: [bodyKey] });
}

const byName = sql`${recordSearch.cName} collate "C"`;

/**
 * Searches names first, then body text, among the records of the given types. The term is
 * normalised (variants, Simplified input, case, width) and matched as a substring of any
 * length in the names, and of two or more characters in the body text (a single character in
 * prose matches nearly everything), through the gram index of `record_search` (decision 0042).
 * An empty term lists every record of the types by name.
 */
export async function searchRecords(db: Executor, input: SearchRecordsInput): Promise<SearchRecordsResult> {
  const term = normaliseSearchText(input.term);
  const suggest = term === '' ? 0 : (input.suggest ?? 0);
  const empty = { total: 0, page: input.page, items: [] };
  // No type chosen: nothing can match, though the term's nearest names still can be offered.
  if (input.types.length === 0) {
    return suggest > 0 ? { ...empty, suggestions: await suggestRecords(db, input.term, suggest) } : empty;
  }
  // Only punctuation or symbols: nothing can match, and listing everything would surprise.
  if (term === '' && input.term.trim() !== '') return empty;

  const search = recordSearch;
  if (term === '') return findPage(db, input, inArray(search.type, [...input.types]), '');
  // The type compared under another collation than its index's: the gram index is the only way in.
  const typeFilter = inArray(sql`${search.type} collate "C"`, [...input.types]);
  return throughGramIndex(db, async (tx) => {
    const found = await findPage(tx, input, and(typeFilter, matchingTerm(term)) as SQL, term);
    if (found.total > 0 || suggest === 0) return found;
    return { ...found, suggestions: await findNearestRecords(tx, input.term, suggest) };
  });
}

async function findPage(
  db: Executor,
  input: SearchRecordsInput,
  where: SQL,
  term: string,
): Promise<SearchRecordsResult> {
  const { page, pageSize } = input;
  const search = recordSearch;
  // The page of matches with the total. Every match is ranked, so this part reads only the
  // narrow search rows (or, with no term, the type-and-name index); the rest comes after the page.
  const tier = term === '' ? sql<number>`0` : tierOf(term);
  const matches = db
    .select({
      id: search.recordId,
      cName: search.cName,
      tier: tier.as('tier'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(search)
    .where(where)
    // By the output column's name: repeating the expression would make the database compute it twice.
    .orderBy(...(term === '' ? [] : [sql`tier`]), byName, asc(search.recordId))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('matches');
  const thumb = db
    .select({ name: recordPictures.name, type: recordPictures.type, updatedAt: recordPictures.updatedAt })
    .from(recordPictures)
    .where(
      and(eq(recordPictures.recordId, matches.id), eq(recordPictures.display, true), eq(recordPictures.class, 'album')),
    )
    .orderBy(asc(recordPictures.sort), asc(recordPictures.id))
    .limit(1)
    .as('thumb');
  const rows = await db
    .select({
      ...summaryColumns,
      total: matches.total,
      thumbName: thumb.name,
      thumbType: thumb.type,
      thumbUpdatedAt: thumb.updatedAt,
    })
    .from(matches)
    .innerJoin(records, eq(records.id, matches.id))
    .leftJoinLateral(thumb, sql`true`)
    .orderBy(asc(matches.tier), sql`${matches.cName} collate "C"`, asc(matches.id));

  let total = rows[0] ? Number(rows[0].total) : page === 1 ? 0 : undefined;
  if (total === undefined) {
    // Past the last page: no row carries the total, so count on its own (an empty first page is no match at all).
    const [counted] = await db.select({ total: count() }).from(search).where(where);
    total = counted?.total ?? 0;
  }
  const items = rows.map((row) =>
    toRecordSummary(
      row,
      row.thumbName !== null && row.thumbType !== null && row.thumbUpdatedAt !== null
        ? recordPictureUrl(
            { recordId: row.id, name: row.thumbName, type: row.thumbType, updatedAt: row.thumbUpdatedAt },
            '_thumb',
          )
        : null,
    ),
  );
  return { total, page, items };
}
