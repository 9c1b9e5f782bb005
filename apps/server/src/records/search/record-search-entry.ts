import { normaliseSearchText } from './normalise-search-text';

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
 * Grams are every run of one to three characters (code points) of a line: a term of up to three
 * characters — nearly every Chinese name part a visitor types — is matched exactly by one gram,
 * and a longer one by all of its three-character runs plus a recheck. Marks keep name and body
 * grams apart; ':' never occurs in normalised text, so a mark cannot be confused with text.
 */
export const maxGramLength = 3;
export const nameGramMark = 'n:';
export const bodyGramMark = 'b:';
/** Body text is searched from two characters: a single character in prose matches nearly everything. */
export const minBodyTermLength = 2;

function normaliseLines(values: readonly string[]): string[] {
  return values.map(normaliseSearchText).filter((value) => value !== '');
}

/** Lines with a line break before and after each ('' for none), so a whole line is '%\nterm\n%'. */
function asLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}

function addGrams(grams: Set<string>, mark: string, line: string, minLength: number): void {
  const characters = [...line];
  for (let start = 0; start < characters.length; start += 1) {
    let gram = '';
    for (let length = 1; length <= maxGramLength && start + length <= characters.length; length += 1) {
      gram += characters[start + length - 1];
      if (length >= minLength) grams.add(mark + gram);
    }
  }
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
  const grams = new Set<string>();
  for (const line of [nameKey, ...aliases, ...latin]) addGrams(grams, nameGramMark, line, 1);
  for (const line of body) addGrams(grams, bodyGramMark, line, minBodyTermLength);
  return {
    nameKey,
    aliasKey: asLines(aliases),
    latinKey: asLines(latin),
    bodyKey: body.join('\n'),
    grams: [...grams].sort(),
  };
}

/** How a normalised, non-empty term is looked up in the grams. */
export interface TermGrams {
  /** Grams that a record's names must all contain. */
  names: string[];
  /** Grams that a record's body must all contain; null when the term is too short for body text. */
  body: string[] | null;
  /** True when containing the grams is the same as containing the term (terms of up to three characters). */
  exact: boolean;
}

export function termGrams(term: string): TermGrams {
  const characters = [...term];
  const parts =
    characters.length <= maxGramLength
      ? [term]
      : Array.from({ length: characters.length - maxGramLength + 1 }, (_, start) =>
          characters.slice(start, start + maxGramLength).join(''),
        );
  const unique = [...new Set(parts)];
  return {
    names: unique.map((gram) => nameGramMark + gram),
    body: characters.length >= minBodyTermLength ? unique.map((gram) => bodyGramMark + gram) : null,
    exact: characters.length <= maxGramLength,
  };
}
