import { describe, expect, it } from 'vitest';
import { normaliseSearchText } from './normalise-search-text';

describe('normaliseSearchText', () => {
  it.each([
    ['臺灣花薊馬', '台灣花薊馬'],
    ['台湾花蓟马', '臺灣花薊馬'],
    ['斜纹夜蛾', '斜紋夜蛾'],
    ['东方果实蝇', '東方果實蠅'],
    ['叶螨', '葉蟎'],
    ['温室粉虱', '溫室粉蝨'],
    ['蕃茄', '番茄'],
    ['甘藷', '甘薯'],
    ['柑桔', '柑橘'],
    ['銹病', '鏽病'],
    ['黏蟲', '粘虫'],
  ])('folds %s and %s to the same text', (a, b) => {
    expect(normaliseSearchText(a)).toBe(normaliseSearchText(b));
  });

  it('keeps different names apart', () => {
    expect(normaliseSearchText('薊馬')).not.toBe(normaliseSearchText('夜蛾'));
  });

  it('lower-cases Latin, folds full-width forms and drops accents', () => {
    expect(normaliseSearchText('Bactrocera DORSALIS')).toBe('bactrocera dorsalis');
    expect(normaliseSearchText('ＢＡＣＴＲＯＣＥＲＡ')).toBe('bactrocera');
    expect(normaliseSearchText('Phytophthora infestans (Mont.) de Bary')).toBe('phytophthora infestans mont de bary');
    expect(normaliseSearchText('Müller')).toBe('muller');
  });

  it('turns punctuation, symbols and control characters into single spaces and trims', () => {
    expect(normaliseSearchText('  two-spotted\tspider\u0000mite!! ')).toBe('two spotted spider mite');
    expect(normaliseSearchText('%_\\')).toBe('');
    expect(normaliseSearchText("'; drop table records; --")).toBe('drop table records');
    expect(normaliseSearchText('<b>薊馬</b>')).toBe(normaliseSearchText('b 薊馬 b'));
  });

  it('removes spaces between Chinese characters but keeps them between words', () => {
    expect(normaliseSearchText('東方 果實蠅')).toBe(normaliseSearchText('東方果實蠅'));
    expect(normaliseSearchText('番 茄 晚 疫 病')).toBe(normaliseSearchText('番茄晚疫病'));
    expect(normaliseSearchText('fruit fly')).toBe('fruit fly');
  });

  it('maps a substring of a name to a substring of the normalised name', () => {
    const name = '臺灣花薊馬與蕃茄斑潛蠅';
    const normalised = normaliseSearchText(name);
    for (let start = 0; start < name.length; start += 1) {
      for (let end = start + 1; end <= name.length; end += 1) {
        expect(normalised).toContain(normaliseSearchText(name.slice(start, end)));
      }
    }
  });

  it('is idempotent', () => {
    for (const text of ['臺灣花薊馬', 'Bactrocera dorsalis', '蚜虫 Aphid', '番茄黃化捲葉病毒 (TYLCV)']) {
      const once = normaliseSearchText(text);
      expect(normaliseSearchText(once)).toBe(once);
    }
  });
});
