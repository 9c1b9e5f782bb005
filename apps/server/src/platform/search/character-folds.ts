import { simplifiedPairs, traditionalPairs } from './character-folds.generated';

function pairMap(pairs: string): ReadonlyMap<string, string> {
  const characters = [...pairs];
  const map = new Map<string, string>();
  for (let index = 0; index + 1 < characters.length; index += 2) map.set(characters[index]!, characters[index + 1]!);
  return map;
}

// OpenCC's one-to-one character mappings, kept as two tables of a few thousand entries instead of
// its phrase dictionaries (about 44 MiB of heap; decision 0442). Phrases never applied here: search
// text is folded one character at a time.
const simplified = pairMap(simplifiedPairs);
const traditional = pairMap(traditionalPairs);

/** The Simplified form of one Taiwan Traditional character, as OpenCC converts it; the character itself when none. */
export function simplifiedCharacter(character: string): string {
  return simplified.get(character) ?? character;
}

/** The Taiwan Traditional form of one Simplified character, as OpenCC converts it; the character itself when none. */
export function traditionalCharacter(character: string): string {
  return traditional.get(character) ?? character;
}
