import { describe, expect, it } from 'vitest';
import { splitParagraphs, summarise } from './text-paragraphs';

describe('text paragraphs', () => {
  it('splits on blank lines, keeps single line breaks inside a paragraph and drops empty ones', () => {
    expect(splitParagraphs('第一段。\n續行。\r\n\r\n第二段。\n \n\n\n第三段。  ')).toEqual([
      '第一段。\n續行。',
      '第二段。',
      '第三段。',
    ]);
    expect(splitParagraphs('  \n\n ')).toEqual([]);
  });

  it('keeps markup as text', () => {
    expect(splitParagraphs('<b>粗體</b>')).toEqual(['<b>粗體</b>']);
  });

  it('summarises the first paragraph, cutting at a sentence end', () => {
    expect(summarise('短句。\n\n第二段')).toBe('短句。');
    const long = `${'甲'.repeat(80)}。${'乙'.repeat(80)}`;
    expect(summarise(long)).toBe(`${'甲'.repeat(80)}。`);
    expect(summarise('丙'.repeat(200), 10)).toBe(`${'丙'.repeat(9)}…`);
  });
});
