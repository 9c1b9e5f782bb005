/** A LIKE/ILIKE pattern that finds `term` anywhere, with the term's own % _ \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
