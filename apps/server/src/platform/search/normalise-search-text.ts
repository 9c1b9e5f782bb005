import { LRUCache } from 'lru-cache';
import { simplifiedCharacter } from './character-folds';

/**
 * Traditional → Simplified, applied one character at a time. Folding both the stored names and
 * the visitor's term to one canonical (Simplified) form per character makes 臺/台, 裡/裏,
 * 鏽/銹, 蝨/虱 … and Simplified input all meet, and — because the mapping is per character —
 * a substring of a name still normalises to a substring of the normalised name, which the
 * index and LIKE matching rely on. (Phrase-level conversion would break that property.)
 */
/** Variants OpenCC leaves apart that Taiwanese writing uses interchangeably in organism and crop names. */
const variantFolds: Record<string, string> = {
  蕃: '番', // 蕃茄 / 番茄
  藷: '薯', // 甘藷 / 甘薯
  菓: '果',
  蔴: '麻',
  黏: '粘', // 黏蟲 (Taiwan) / 粘虫 (Simplified)
  桔: '橘', // 柑桔 / 柑橘
  囓: '啮',
  蘂: '蕊',
  甦: '苏',
};

// Bounded: every term a visitor types passes through here, and Unicode has a million code points.
const characterCache = new LRUCache<string, string>({ max: 20_000 });

function canonicalCharacter(character: string): string {
  let canonical = characterCache.get(character);
  if (canonical === undefined) {
    canonical = simplifiedCharacter(character);
    canonical = variantFolds[canonical] ?? canonical;
    characterCache.set(character, canonical);
  }
  return canonical;
}

const separators = /[\p{P}\p{S}\p{Z}\p{C}\s]+/gu;
const combiningMarks = /\p{M}/gu;
const asciiOnly = /^[\x20-\x7e]*$/;
const hanBeforeSpace = /(\p{Script=Han}) (?=\p{Script=Han})/gu;

/**
 * The one normalisation of search text, used for stored names and body text and for the term:
 * full-width → half-width (NFKC), accents dropped, lower case, each Chinese character folded
 * to its canonical form, and every run of spaces, punctuation and symbols turned into one
 * space (spaces between two Chinese characters removed). The result therefore never contains
 * LIKE wildcards (% _ \) or control characters.
 */
export function normaliseSearchText(input: string): string {
  const decomposed = input.normalize('NFKC').normalize('NFD').replace(combiningMarks, '').normalize('NFC');
  const lower = decomposed.toLowerCase();
  let folded = '';
  if (asciiOnly.test(lower)) folded = lower;
  else
    for (const character of lower) folded += character.charCodeAt(0) < 0x80 ? character : canonicalCharacter(character);
  return folded.replace(separators, ' ').trim().replace(hanBeforeSpace, '$1');
}
