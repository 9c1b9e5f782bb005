import { and, arrayContains, ilike, inArray, like, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../database/database';
import { containsPattern } from '../database/contains-pattern';
import { idList, parseIdList } from '../database/id-list';
import { traditionalCharacter } from '../search/character-folds';
import { normaliseSearchText } from '../search/normalise-search-text';
import { termGrams } from '../search/search-grams';

// The normalised form folds each Chinese character to its Simplified one; stored admin text is
// mostly Traditional, so the term is also looked for in its Traditional spelling (decision 0428).
function traditionalOf(normalised: string): string {
  let out = '';
  for (const character of normalised) out += traditionalCharacter(character);
  return out;
}

/**
 * The spellings an admin keyword is looked for in a column that holds text as it was typed: as the
 * staff typed it (trimmed), through the site's one normalisation (`normaliseSearchText`: full-width
 * to half-width, lower case, punctuation and spaces folded, Chinese variants folded) and that
 * normalised form in Traditional characters. Empty when the term is blank.
 */
export function adminSearchForms(term: string | undefined | null): string[] {
  const typed = (term ?? '').trim();
  if (typed === '') return [];
  const normalised = normaliseSearchText(typed);
  const forms = [typed.toLowerCase(), normalised, traditionalOf(normalised)].filter((form) => form !== '');
  return [...new Set(forms)];
}

/**
 * The one keyword filter of the admin lists over tables kept small (decision 0428): a row matches
 * when one of the columns contains one of the term's spellings (`adminSearchForms`). Undefined for
 * a blank term. Big tables search through an index instead (`valuesMatching`, `adminGramFilter`).
 */
export function adminTextFilter(
  term: string | undefined | null,
  columns: ReadonlyArray<Column | SQL>,
): SQL | undefined {
  const forms = adminSearchForms(term);
  if (forms.length === 0 || columns.length === 0) return undefined;
  // A form without cased letters (Chinese, digits) is compared with LIKE: ILIKE lower-cases each
  // row's whole text first, which doubles the cost of a scan.
  const compare = (column: Column | SQL, form: string) =>
    form.toUpperCase() === form.toLowerCase()
      ? like(column, containsPattern(form))
      : ilike(column, containsPattern(form));
  return or(...columns.flatMap((column) => forms.map((form) => compare(column, form))));
}

/** A big table's search table (decision 0441): one row per source row, written by every save. */
export interface AdminSearchTable {
  table: PgTable;
  /** The source row's id. */
  rowId: Column;
  /** `adminSearchEntry`'s normalised lines. */
  textKey: Column;
  /** `adminSearchEntry`'s grams, GIN-indexed. */
  grams: Column;
}

/**
 * A keyword's condition on a big table's search rows (decision 0441): the grams of the normalised
 * term, and for a term longer than a gram a recheck on the normalised text (as the desk's crop
 * filter). Normalised text holds the typed form, the normalised one and the Traditional spelling of
 * `adminSearchForms` alike (full-width, case and 臺/台 are folded in both), so the list finds what
 * `adminTextFilter` found. `false` for a term of punctuation alone; undefined for a blank term.
 */
export function adminGramCondition(term: string | undefined | null, search: AdminSearchTable): SQL | undefined {
  const typed = (term ?? '').trim();
  if (typed === '') return undefined;
  const normalised = normaliseSearchText(typed);
  if (normalised === '') return sql`false`;
  const grams = termGrams(normalised);
  return and(
    arrayContains(search.grams, grams.names),
    grams.exact ? undefined : like(search.textKey, `%${normalised}%`),
  );
}

/** Up to this many matches a list reads by their ids; a keyword found more often, in the list's own order. */
const matchesReadById = 2_000;

/**
 * The keyword filter of the admin lists over big tables (decision 0441). The search rows are asked
 * first, through their gram index, for at most 2,001 matches: fewer, and the list reads those ids;
 * more, and it walks its own order testing each row, which stops within the first page for so
 * common a keyword. Left to the planner alone, a keyword that matches nothing walked every row of the
 * table (1.6 s over 160,000 comments, decision 0443). Run the list through `throughGramIndex`.
 * Undefined for a blank term.
 */
export async function adminGramFilter(
  db: Executor,
  term: string | undefined | null,
  { id, search }: { id: Column; search: AdminSearchTable },
): Promise<SQL | undefined> {
  const holds = adminGramCondition(term, search);
  if (!holds) return undefined;
  const matching = db
    .select({ rowId: search.rowId as PgColumn })
    .from(search.table)
    .where(holds)
    .limit(matchesReadById + 1)
    .as('matching');
  const [row] = await db.select({ ids: idList(matching.rowId) }).from(matching);
  const found = parseIdList(row?.ids);
  if (found.length <= matchesReadById) return found.length === 0 ? sql`false` : inArray(id, [...found]);
  return sql`${id} in (select ${search.rowId} from ${search.table} where ${holds})`;
}

/**
 * The values (codes) whose own text or any of whose words contain the term once both are
 * normalised: a search over a short vocabulary (the audit log's actors, actions and entities)
 * answered in memory, so the table is then read by `column in (…)` through its index.
 */
export function valuesMatching(
  term: string | undefined | null,
  vocabulary: Iterable<[string, readonly string[]]>,
): string[] {
  const typed = (term ?? '').trim();
  if (typed === '') return [];
  // A term of punctuation alone ('%') normalises to nothing: it is then looked for as typed.
  const normalised = normaliseSearchText(typed);
  const fold = normalised === '' ? (word: string) => word.toLowerCase() : normaliseSearchText;
  const wanted = normalised === '' ? typed.toLowerCase() : normalised;
  const found: string[] = [];
  for (const [value, words] of vocabulary) {
    if ([value, ...words].some((word) => fold(word).includes(wanted))) found.push(value);
  }
  return found;
}
