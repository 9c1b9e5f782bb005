import { describe, expect, it } from 'vitest';
import { diseaseClasses, formatTypeFilter, layoutFor, parseTypeFilter, recordTypes } from './records-vocabulary';

describe('layoutFor', () => {
  it.each(diseaseClasses)('gives the disease layout to the %s class', (diseaseClass) => {
    expect(layoutFor({ type: 'disease', diseaseClass })).toBe('disease');
  });

  it('gives beneficial insects their own layout and everything else the pest layout', () => {
    expect(layoutFor({ type: 'beneficial', diseaseClass: null })).toBe('beneficial');
    expect(layoutFor({ type: 'pest', diseaseClass: null })).toBe('pest');
    expect(layoutFor({ type: 'mite', diseaseClass: null })).toBe('pest');
    expect(layoutFor({ type: 'disease', diseaseClass: null })).toBe('pest');
  });

  it('follows the class over the type', () => {
    expect(layoutFor({ type: 'pest', diseaseClass: 'virus' })).toBe('disease');
  });
});

describe('type filter', () => {
  it('reads and writes the y/n list in checkbox order', () => {
    expect(parseTypeFilter('y,n,y,n')).toEqual(['pest', 'disease']);
    expect(formatTypeFilter(['mite', 'pest'])).toBe('y,n,n,y');
    expect(parseTypeFilter(formatTypeFilter(recordTypes))).toEqual([...recordTypes]);
  });
});
