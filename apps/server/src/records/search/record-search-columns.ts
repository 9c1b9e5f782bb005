import { normaliseSearchText, repeatCharacters } from './normalise-search-text';

/** The parts of a record that search reads. */
export interface SearchableRecord {
  cName: string;
  eName: string;
  name: string;
  aliases: readonly string[];
  /** Every tab's text; searched after the names. */
  body: readonly string[];
}

export interface RecordSearchColumns {
  nameKey: string;
  aliasKey: string;
  latinKey: string;
  searchNames: string;
  searchBody: string;
}

/** Names repeat each character three times (any term length); body text twice (two or more). */
export const nameRepeat = 3;
export const bodyRepeat = 2;

function normaliseLines(values: readonly string[]): string[] {
  return values.map(normaliseSearchText).filter((value) => value !== '');
}

/** Lines with a line break before and after each ('' for none), so a whole line is '%\nterm\n%'. */
function asLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}

/**
 * The derived search columns of a record. Lines are separated by '\n', which a normalised term
 * never contains, so a term cannot match across two names.
 */
export function recordSearchColumns(record: SearchableRecord): RecordSearchColumns {
  const nameKey = normaliseSearchText(record.cName);
  const aliases = normaliseLines(record.aliases);
  const latin = normaliseLines([record.eName, record.name]);
  const allNames = [nameKey, ...aliases, ...latin].filter((value) => value !== '').join('\n');
  return {
    nameKey,
    aliasKey: asLines(aliases),
    latinKey: asLines(latin),
    searchNames: repeatCharacters(allNames, nameRepeat),
    searchBody: repeatCharacters(normaliseLines(record.body).join('\n'), bodyRepeat),
  };
}
