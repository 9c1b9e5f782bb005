import { describe, expect, it } from 'vitest';
import { characterPairs } from '../../../../../scripts/character-pairs.mjs';
import { simplifiedPairs, traditionalPairs } from './character-folds.generated';
import { simplifiedCharacter, traditionalCharacter } from './character-folds';

describe('character folds', () => {
  it('hold every one-to-one mapping of the installed opencc-js, and no other (regenerate after an upgrade)', async () => {
    const fromOpenCc = await characterPairs();
    // Compared as strings: a difference names `node scripts/generate-character-folds.mjs` as the fix.
    expect(simplifiedPairs === fromOpenCc.toSimplified, 'run node scripts/generate-character-folds.mjs').toBe(true);
    expect(traditionalPairs === fromOpenCc.toTraditional, 'run node scripts/generate-character-folds.mjs').toBe(true);
  }, 30_000);

  it('fold one character each way and leave the others', () => {
    expect(simplifiedCharacter('臺')).toBe('台');
    expect(simplifiedCharacter('蟲')).toBe('虫');
    expect(traditionalCharacter('虫')).toBe('蟲');
    expect(traditionalCharacter('台')).toBe('臺');
    expect(traditionalCharacter('a')).toBe('a');
    expect(simplifiedCharacter('a')).toBe('a');
    expect(simplifiedCharacter('𠵾')).toBe('𠵾');
  });
});
