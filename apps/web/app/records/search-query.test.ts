import { describe, expect, it } from 'vitest';
import {
  formatSearchQuery,
  pageCount,
  parseSearchQuery,
  searchHref,
  switchView,
  type SearchQuery,
} from './search-query';

const parse = (search: string) => parseSearchQuery(new URLSearchParams(search));
const allTypes = ['pest', 'beneficial', 'disease', 'mite'];

describe('search query', () => {
  it('defaults to every type, the list view and page 1', () => {
    expect(parse('')).toEqual({ query: { term: '', types: allTypes, view: 'list', page: 1 }, termError: null });
  });

  it('reads the canonical ty filter, view and page', () => {
    const { query } = parse('term=%E7%82%AD%E7%96%BD%E7%97%85&ty=n,n,y,n&view=grid&page=3');
    expect(query).toEqual({ term: '炭疽病', types: ['disease'], view: 'grid', page: 3 });
  });

  it('reads the checkbox values a form sends without JavaScript', () => {
    expect(parse('term=a&type=pest&type=mite').query.types).toEqual(['pest', 'mite']);
  });

  it('treats no chosen type, and a malformed ty, as every type', () => {
    expect(parse('ty=n,n,n,n').query.types).toEqual(allTypes);
    expect(parse('ty=yes').query.types).toEqual(allTypes);
  });

  it('trims the term and refuses one over 100 characters with a message', () => {
    expect(parse('term=%20%E8%96%8A%E9%A6%AC%20').query.term).toBe('薊馬');
    const long = parse(`term=${'蟲'.repeat(101)}`);
    expect(long.query.term).toBe('');
    expect(long.termError).toBe('關鍵字不可超過 100 個字');
    expect(parse('term=a%01b').termError).toBe('關鍵字含有不允許的控制字元');
  });

  it('falls back to page 1 for a page that is not a positive whole number', () => {
    for (const page of ['0', '-2', 'abc', '1.5', '99999999']) expect(parse(`page=${page}`).query.page).toBe(1);
  });

  it('formats the canonical query, leaving defaults out, and parsing it gives the same query back', () => {
    const query: SearchQuery = { term: '東方 果實蠅', types: ['pest', 'mite'], view: 'grid', page: 2 };
    const search = formatSearchQuery(query);
    expect(search).toBe('term=%E6%9D%B1%E6%96%B9+%E6%9E%9C%E5%AF%A6%E8%A0%85&ty=y%2Cn%2Cn%2Cy&view=grid&page=2');
    expect(parse(search).query).toEqual(query);
    expect(formatSearchQuery({ term: '', types: allTypes as SearchQuery['types'], view: 'list', page: 1 })).toBe('');
    expect(searchHref({ term: '', types: ['disease'], view: 'list', page: 1 })).toBe('/search/bug?ty=n%2Cn%2Cy%2Cn');
  });

  it('keeps the first record of the page in view when the view changes', () => {
    const query: SearchQuery = { term: '', types: ['pest'], view: 'list', page: 5 };
    expect(switchView(query, 'grid')).toEqual({ ...query, view: 'grid', page: 2 });
    expect(switchView({ ...query, view: 'grid', page: 2 }, 'list')).toEqual({ ...query, view: 'list', page: 5 });
    expect(switchView(query, 'list')).toBe(query);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 'list')).toBe(1);
    expect(pageCount(41, 'grid')).toBe(2);
    expect(pageCount(41, 'list')).toBe(5);
  });
});
