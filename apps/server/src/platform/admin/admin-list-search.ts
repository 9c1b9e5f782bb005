import { and, arrayContains, ilike, like, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { containsPattern } from '../database/contains-pattern';
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
 * The keyword filter of the admin lists over big tables (decision 0441): `id in` the search rows
 * whose grams hold the normalised term, a term longer than a gram rechecked on the normalised text
 * (as the desk's crop filter). Normalised text holds the typed form, the normalised one and the
 * Traditional spelling of `adminSearchForms` alike (full-width, case and 臺/台 are folded in both), so
 * the list finds what `adminTextFilter` found. A term of punctuation alone finds nothing. Run the
 * query through `throughGramIndex`. Undefined for a blank term.
 */
export function adminGramFilter(
  term: string | undefined | null,
  id: Column,
  search: AdminSearchTable,
): SQL | undefined {
  const typed = (term ?? '').trim();
  if (typed === '') return undefined;
  const normalised = normaliseSearchText(typed);
  if (normalised === '') return sql`false`;
  const grams = termGrams(normalised);
  const holds = and(
    arrayContains(search.grams, grams.names),
    grams.exact ? undefined : like(search.textKey, `%${normalised}%`),
  );
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
