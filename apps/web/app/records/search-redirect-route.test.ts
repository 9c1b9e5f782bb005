import { describe, expect, it } from 'vitest';
import { searchRedirectTarget } from './search-redirect-route';

describe('search redirects', () => {
  it('sends /search to the pest list and keeps the query', () => {
    expect(searchRedirectTarget(new URL('http://x/search?term=%E7%82%AD'))).toBe('/search/bug?term=%E7%82%AD');
    expect(searchRedirectTarget(new URL('http://x/search/'))).toBe('/search/bug');
  });

  it('sends the old detail address to the record page, under a base path too', () => {
    expect(searchRedirectTarget(new URL('http://x/search/detail?id=12'))).toBe('/search/bug/detail?id=12');
    // Under a base path the request URL carries it; the redirect target does not (React Router adds it).
    expect(searchRedirectTarget(new URL('http://x/pest/search/detail?id=3'))).toBe('/search/bug/detail?id=3');
  });
});
