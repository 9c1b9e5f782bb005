import { describe, expect, it } from 'vitest';
import { lastPage, withQuery } from './reading-room-links';

describe('withQuery', () => {
  it('leaves out empty values and defaults', () => {
    expect(withQuery('/news', { class: 'all', page: 1 }, { class: 'all', page: 1 })).toBe('/news');
    expect(withQuery('/news', { class: 'fruit', page: 2 }, { class: 'all', page: 1 })).toBe('/news?class=fruit&page=2');
    expect(withQuery('/IPM', { term: '' })).toBe('/IPM');
  });

  it('encodes Chinese values', () => {
    expect(withQuery('/IPM', { term: '水稻' })).toBe(`/IPM?term=${encodeURIComponent('水稻')}`);
  });
});

describe('lastPage', () => {
  it('is at least 1', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
  });
});
