import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { asLines, normaliseLines, searchGrams } from '../../platform/search/search-grams';

// The gram rules live in the platform's search (decision 0160); records keep their names for them.
export {
  bodyGramMark,
  maxGramLength,
  minBodyTermLength,
  nameGramMark,
  termGrams,
  type TermGrams,
} from '../../platform/search/search-grams';

/** The parts of a record that search reads. */
export interface SearchableRecord {
  cName: string;
  eName: string;
  name: string;
  aliases: readonly string[];
  /** Every tab's text; searched after the names. */
  body: readonly string[];
}

/** What the `record_search` row of a record holds (see decision 0042). */
export interface RecordSearchEntry {
  /** Normalised Chinese name: exact/prefix ranking. */
  nameKey: string;
  /** Normalised aliases, one per line, with a line break before and after each ('' for none). */
  aliasKey: string;
  /** Normalised English and scientific names, as aliasKey. */
  latinKey: string;
  /** Normalised body text, one tab per line: rechecks terms longer than the grams. */
  bodyKey: string;
  /** Every distinct gram of the names and of the body text, marked by where it occurs. */
  grams: string[];
}

/**
 * The search row of a record. Lines (names, tabs) are gram-split and stored apart, and a
 * normalised term never contains '\n', so a term cannot match across two names or two tabs.
 */
export function recordSearchEntry(record: SearchableRecord): RecordSearchEntry {
  const nameKey = normaliseSearchText(record.cName);
  const aliases = normaliseLines(record.aliases);
  const latin = normaliseLines([record.eName, record.name]);
  const body = normaliseLines(record.body);
  return {
    nameKey,
    aliasKey: asLines(aliases),
    latinKey: asLines(latin),
    bodyKey: body.join('\n'),
    grams: searchGrams({ names: [nameKey, ...aliases, ...latin].filter((line) => line !== ''), body }),
  };
}
