import { describe, expect, it } from 'vitest';
import { recordSearchEntry, termGrams } from './record-search-entry';

const bare = { cName: '', eName: '', name: '', aliases: [], body: [] };

function matches(grams: readonly string[], wanted: readonly string[] | null): boolean {
  return wanted !== null && wanted.every((gram) => grams.includes(gram));
}

describe('recordSearchEntry', () => {
  it('keeps normalised keys for ranking and line-wise grams for matching', () => {
    const entry = recordSearchEntry({
      cName: '臺灣花薊馬',
      eName: 'Flower Thrips',
      name: 'Frankliniella intonsa',
      aliases: ['花薊馬'],
      body: ['為害花器。', ''],
    });
    expect(entry.nameKey).toBe('台湾花蓟马');
    expect(entry.aliasKey).toBe('\n花蓟马\n');
    expect(entry.latinKey).toBe('\nflower thrips\nfrankliniella intonsa\n');
    expect(entry.bodyKey).toBe('为害花器');
    expect(entry.grams).toEqual(expect.arrayContaining(['n:台', 'n:台湾', 'n:台湾花', 'n:thr', 'b:为害', 'b:害花器']));
    // Body text has no single-character grams, and no gram spans two lines.
    expect(entry.grams).not.toContain('b:为');
    expect(entry.grams.some((gram) => gram.includes('\n'))).toBe(false);
    expect(new Set(entry.grams).size).toBe(entry.grams.length);
  });

  it('never lets a term match across two names or two tabs', () => {
    const entry = recordSearchEntry({ ...bare, cName: '夜蛾', aliases: ['蛾蟲'], body: ['甲乙', '丙丁'] });
    expect(matches(entry.grams, termGrams('蛾蛾').names)).toBe(false);
    expect(matches(entry.grams, termGrams('乙丙').body)).toBe(false);
  });
});

describe('termGrams', () => {
  it('looks up a term of up to three characters by itself and a longer one by its three-character runs', () => {
    expect(termGrams('蛾')).toEqual({ names: ['n:蛾'], body: null, exact: true });
    expect(termGrams('夜蛾')).toEqual({ names: ['n:夜蛾'], body: ['b:夜蛾'], exact: true });
    expect(termGrams('斜纹夜蛾')).toEqual({
      names: ['n:斜纹夜', 'n:纹夜蛾'],
      body: ['b:斜纹夜', 'b:纹夜蛾'],
      exact: false,
    });
  });

  it('matches exactly what the text contains (terms of up to three characters) and never misses (longer)', () => {
    // Small alphabet, so repeated and overlapping runs (the tricky cases) are common.
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Already normalised, as the service normalises both sides before comparing.
    const alphabet = ['a', 'b', '虫', '病'];
    const word = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * 4)]).join('');
    for (let i = 0; i < 5000; i += 1) {
      const name = word(1 + Math.floor(random() * 8));
      const body = word(1 + Math.floor(random() * 12));
      const term = word(1 + Math.floor(random() * 5));
      const { grams } = recordSearchEntry({ ...bare, cName: name, body: [body] });
      const query = termGrams(term);
      const inName = matches(grams, query.names);
      const inBody = matches(grams, query.body);
      if (query.exact) {
        expect(inName).toBe(name.includes(term));
        expect(inBody).toBe([...term].length >= 2 && body.includes(term));
      } else {
        if (name.includes(term)) expect(inName).toBe(true);
        if (body.includes(term)) expect(inBody).toBe(true);
      }
    }
  });
});
