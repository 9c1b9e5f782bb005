import { describe, expect, it } from 'vitest';
import { measureText } from '../../platform/demo-art/glyph-outlines';
import { firstPageSvg, wrapText } from './first-page-cover';

const theme = { motif: 'leaf', from: '#2f6f4f', to: '#8fd19e' } as const;

describe("an IPM sheet's first-page picture", () => {
  it('wraps Chinese text to the width, never starting a line with closing punctuation', () => {
    const text = '番茄晚疫病由卵菌引起，氣溫十五至二十二度、相對濕度九成以上時最適發病，病斑數日內即可擴及全株。';
    const lines = wrapText(text, 11, 120);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(text);
    for (const line of lines) {
      expect(measureText(line.replace(/[，。、]$/, ''), 11)).toBeLessThanOrEqual(120);
      expect(line[0]).not.toMatch(/[，。、]/);
    }
  });

  it("draws each sheet's own title and opening, so no two sheets share a picture", () => {
    const page = (title: string, heading: string) =>
      firstPageSvg({ title, byline: 'IPM 技術資料', sections: [{ heading, paragraphs: ['內文'] }] }, theme);
    const late = page('番茄晚疫病整合管理', '一、病原');
    expect(late).toContain('<svg');
    expect(late).toContain('#2f6f4f');
    expect(page('水稻稻熱病整合管理', '一、病原')).not.toBe(late);
  });
});
