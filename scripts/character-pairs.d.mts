/** OpenCC's one-to-one character mappings, each a string of pairs (scripts/character-pairs.mjs). */
export function characterPairs(): Promise<{ toSimplified: string; toTraditional: string }>;
