import type { RecordSummary, RecordType } from '@pest/contracts';
import { and, asc, count, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { toRecordSummary } from '../record-mappers';
import { recordPictureUrl } from '../record-pictures-url';
import { recordPictures, records } from '../schema';
import { normaliseSearchText, repeatCharacters } from '../search/normalise-search-text';
import { bodyRepeat, nameRepeat } from '../search/record-search-columns';
import { summaryColumns } from './list-record-summaries';

export interface SearchRecordsInput {
  term: string;
  types: readonly RecordType[];
  page: number;
  pageSize: number;
}

export interface SearchRecordsResult {
  total: number;
  page: number;
  items: RecordSummary[];
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
 * The tier of a matching row, cheapest tests first: a row whose names do not contain the term
 * matched on body text alone, and among the rest the term can only be in the Latin names when it
 * is in neither the Chinese name nor an alias. Alias and Latin keys are stored as lines with a
 * line break before and after each, so a whole-line test needs no string building.
 */
function tierOf(term: string, namesPattern: string): SQL<number> {
  const contains = `%${term}%`;
  const wholeLine = `%\n${term}\n%`;
  return sql<number>`case
    when ${records.nameKey} = ${term} then ${matchTiers.exactName}
    when ${records.searchNames} not like ${namesPattern} then ${matchTiers.body}
    when ${records.aliasKey} like ${wholeLine} or ${records.latinKey} like ${wholeLine} then ${matchTiers.exactName}
    when ${records.nameKey} like ${`${term}%`} then ${matchTiers.namePrefix}
    when ${records.nameKey} like ${contains} then ${matchTiers.nameSubstring}
    when ${records.aliasKey} like ${contains} then ${matchTiers.alias}
    else ${matchTiers.latin} end`;
}

const byName = sql`${records.cName} collate "C"`;

/**
 * Searches names first, then body text, among the records of the given types. The term is
 * normalised (variants, Simplified input, case, width) and matched as a substring of any
 * length: names through the tripled-character trigram index, body text (two or more
 * characters — a single character in prose matches nearly everything) through the doubled one.
 * An empty term lists every record of the types by name.
 */
export async function searchRecords(db: Executor, input: SearchRecordsInput): Promise<SearchRecordsResult> {
  const { page, pageSize } = input;
  const empty = { total: 0, page, items: [] };
  if (input.types.length === 0) return empty;
  const term = normaliseSearchText(input.term);
  // Only punctuation or symbols: nothing can match, and listing everything would surprise.
  if (term === '' && input.term.trim() !== '') return empty;

  const ofTypes = inArray(records.type, [...input.types]);
  let where: SQL | undefined = ofTypes;
  let tier: SQL<number> = sql<number>`0::int`;
  if (term !== '') {
    const namesPattern = `%${repeatCharacters(term, nameRepeat)}%`;
    const inNames = like(records.searchNames, namesPattern);
    const bodyPattern = repeatCharacters(term, bodyRepeat);
    // Body text needs a pattern of at least one trigram: two Chinese characters or three letters.
    const inBody = [...bodyPattern].length >= 3 ? like(records.searchBody, `%${bodyPattern}%`) : undefined;
    where = and(ofTypes, inBody ? or(inNames, inBody) : inNames);
    tier = tierOf(term, namesPattern);
  }

  // One statement: the page of matches with the total, then for those rows only the summary
  // columns and the first album thumbnail (every match is ranked, so it carries little).
  const matches = db
    .select({
      id: records.id,
      cName: records.cName,
      tier: tier.as('tier'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(records)
    .where(where)
    .orderBy(...(term === '' ? [] : [asc(tier)]), byName, asc(records.id))
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

  let total = rows[0] ? Number(rows[0].total) : undefined;
  if (total === undefined) {
    // Past the last page: no row carries the total, so count on its own.
    const [counted] = await db.select({ total: count() }).from(records).where(where);
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
