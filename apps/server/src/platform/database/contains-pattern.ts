/**
 * A LIKE/ILIKE pattern that finds `term` anywhere in a column, with the term's own `%`, `_` and `\`
 * taken literally (PostgreSQL's default escape character is the backslash). Every admin list's
 * keyword filter uses it.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
