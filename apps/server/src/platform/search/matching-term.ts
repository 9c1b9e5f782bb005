import { and, arrayContains, arrayOverlaps, like, or, type Column, type SQL } from 'drizzle-orm';
import { termGrams } from './search-grams';

/** The columns of a feature's search table that the shared query reads. */
export interface SearchColumns {
  /** `text[]` of the grams (GIN-indexed). */
  grams: Column;
  /** Normalised name keys, rechecked for terms longer than a gram. */
  nameKeys: readonly Column[];
  /** Normalised body keys, rechecked likewise. */
  bodyKeys: readonly Column[];
}

/**
 * Which search rows match a normalised, non-empty term. Up to three characters, holding the gram
 * is holding the term, so the GIN index answers exactly and no row is rechecked; a longer term is
 * looked up by all of its three-character runs and the few candidates are rechecked on their keys.
 */
export function matchingTerm(term: string, columns: SearchColumns): SQL {
  const grams = termGrams(term);
  const inNames = arrayContains(columns.grams, grams.names);
  if (grams.exact) {
    return grams.body ? arrayOverlaps(columns.grams, [...grams.names, ...grams.body]) : inNames;
  }
  const contains = `%${term}%`;
  return and(
    grams.body ? or(inNames, arrayContains(columns.grams, grams.body)) : inNames,
    or(...[...columns.nameKeys, ...columns.bodyKeys].map((key) => like(key, contains))),
  ) as SQL;
}
