import { normaliseSearchText } from './normalise-search-text';

/**
 * The gram index shared by every searchable feature (decisions 0042, 0160). Grams are every run of
 * one to three characters (code points) of a line: a term of up to three characters — nearly every
 * Chinese name part a visitor types — is matched exactly by one gram, and a longer one by all of
 * its three-character runs plus a recheck. Marks keep name and body grams apart; ':' never occurs
 * in normalised text, so a mark cannot be confused with text.
 */
export const maxGramLength = 3;
export const nameGramMark = 'n:';
export const bodyGramMark = 'b:';
/** Body text is searched from two characters: a single character in prose matches nearly everything. */
export const minBodyTermLength = 2;

/** Normalised lines, empty ones dropped. */
export function normaliseLines(values: readonly string[]): string[] {
  return values.map(normaliseSearchText).filter((value) => value !== '');
}

/** Lines with a line break before and after each ('' for none), so a whole line is '%\nterm\n%'. */
export function asLines(lines: readonly string[]): string {
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
 * Every distinct gram of already normalised name lines and body lines, sorted. Lines are
 * gram-split apart and a normalised term never contains '\n', so a term cannot match across two
 * lines (two names, two tabs, a description and a reply).
 */
export function searchGrams(lines: { names: readonly string[]; body: readonly string[] }): string[] {
  const grams = new Set<string>();
  for (const line of lines.names) addGrams(grams, nameGramMark, line, 1);
  for (const line of lines.body) addGrams(grams, bodyGramMark, line, minBodyTermLength);
  return [...grams].sort();
}

/** How a normalised, non-empty term is looked up in the grams. */
export interface TermGrams {
  /** Grams that a row's names must all contain. */
  names: string[];
  /** Grams that a row's body must all contain; null when the term is too short for body text. */
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

/** At most this many character groups of a long text are compared (the first ones). */
const maxSimilarityGrams = 12;

/**
 * The character groups two texts are compared by: each pair of neighbouring Chinese characters
 * (a single Chinese character alone when that is all there is), and each run of three letters
 * of a Latin word.
 */
export function similarityGrams(normalisedTerm: string, limit = maxSimilarityGrams): string[] {
  const grams = new Set<string>();
  for (const run of normalisedTerm.match(/\P{ASCII}+/gu) ?? []) {
    const characters = [...run];
    if (characters.length === 1) grams.add(run);
    for (let i = 0; i + 1 < characters.length; i += 1) grams.add(`${characters[i]}${characters[i + 1]}`);
  }
  for (const word of normalisedTerm.match(/[a-z0-9]{3,}/g) ?? []) {
    for (let i = 0; i + 3 <= word.length; i += 1) grams.add(word.slice(i, i + 3));
  }
  return [...grams].slice(0, limit);
}
