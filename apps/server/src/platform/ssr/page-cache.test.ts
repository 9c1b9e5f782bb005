import { describe, expect, it, vi } from 'vitest';
import { InProcessInvalidation } from '../cache/invalidation';
import { lookupCachedPage, PageCache, type PageCacheSetup } from './page-cache';

const origin = 'http://example.test';
const html = (nonce: string) => `<html><script nonce="${nonce}">hydrate()</script><p>蟲</p></html>`;
const htmlResponse = (nonce: string, init: ResponseInit = {}) =>
  new Response(html(nonce), { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init });

const recordTags = (url: URL) => [`record:${url.searchParams.get('id')}`, 'records:list'];

function setup(onHit = vi.fn(), invalidation = new InProcessInvalidation()) {
  const pages: PageCacheSetup = {
    cache: new PageCache(invalidation),
    pages: [
      { path: '/search/bug/detail', tags: recordTags, onHit },
      { path: '/search/bug/detail2', tags: () => ['pesticides'] },
    ],
  };
  return { ...pages, onHit, invalidation };
}

const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, ip: '192.0.2.7', headers });

describe('page cache', () => {
  it('keeps an anonymous visitor’s page and serves it with a fresh nonce, running the hit hook', async () => {
    const pages = setup();
    const first = lookupCachedPage(pages, get('/search/bug/detail?id=3'), origin, '');
    expect(first?.cached).toBeUndefined();
    await first?.store(htmlResponse('OLDNONCE'), 'OLDNONCE');
    const second = lookupCachedPage(pages, get('/search/bug/detail?id=3'), origin, '');
    expect(second?.cached?.body('NEWNONCE').toString('utf8')).toBe(html('NEWNONCE'));
    expect(second?.cached?.headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
    expect(pages.onHit).toHaveBeenCalledTimes(1);
    expect(pages.onHit.mock.calls[0]?.[0].searchParams.get('id')).toBe('3');
    // The visitor's address reaches the hook, so a cached view is counted per visitor.
    expect(pages.onHit.mock.calls[0]?.[1].ip).toBe('192.0.2.7');
    expect(lookupCachedPage(pages, get('/search/bug/detail?id=4'), origin, '')?.cached).toBeUndefined();
  });

  it('honours the base path and ignores other pages, cookies, credentials and other methods', () => {
    const pages = setup();
    expect(lookupCachedPage(pages, get('/pest/search/bug/detail?id=1'), origin, '/pest')).not.toBeNull();
    expect(lookupCachedPage(pages, get('/search/bug?term=x'), origin, '')).toBeNull();
    expect(lookupCachedPage(pages, get('/search/bug/detail?id=1', { cookie: 'a=b' }), origin, '')).toBeNull();
    expect(
      lookupCachedPage(pages, get('/search/bug/detail?id=1', { authorization: 'Bearer x' }), origin, ''),
    ).toBeNull();
    expect(lookupCachedPage(pages, { ...get('/search/bug/detail?id=1'), method: 'POST' }, origin, '')).toBeNull();
  });

  it('stores only complete 200 HTML answers without cookies', async () => {
    const pages = setup();
    const notFound = lookupCachedPage(pages, get('/search/bug/detail?id=9'), origin, '');
    await notFound?.store(htmlResponse('N', { status: 404 }), 'N');
    const withCookie = lookupCachedPage(pages, get('/search/bug/detail?id=8'), origin, '');
    await withCookie?.store(
      new Response('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'session=1' } }),
      'N',
    );
    expect(pages.cache.size).toBe(0);
  });

  it('forgets the pages whose tags changed, also one rendered while they changed, and keeps the others', async () => {
    const pages = setup();
    const cached = async (url: string) => {
      const lookup = lookupCachedPage(pages, get(url), origin, '');
      if (lookup?.cached) return true;
      await lookup?.store(htmlResponse('N'), 'N');
      return false;
    };
    await cached('/search/bug/detail?id=1');
    await cached('/search/bug/detail?id=2');
    await cached('/search/bug/detail2?name=x');
    await pages.invalidation.publish(['record:1']);
    expect(await cached('/search/bug/detail?id=1')).toBe(false);
    expect(await cached('/search/bug/detail?id=2')).toBe(true);
    expect(await cached('/search/bug/detail2?name=x')).toBe(true);

    const during = lookupCachedPage(pages, get('/search/bug/detail?id=3'), origin, '');
    await pages.invalidation.publish(['record:3']);
    await during?.store(htmlResponse('N'), 'N');
    expect(await cached('/search/bug/detail?id=3')).toBe(false);

    await pages.invalidation.publish(['pesticides']);
    expect(await cached('/search/bug/detail2?name=x')).toBe(false);
    expect(await cached('/search/bug/detail?id=2')).toBe(true);
    await pages.invalidation.publish(['*']);
    expect(await cached('/search/bug/detail?id=2')).toBe(false);
  });

  it('expires entries and evicts the least recently used beyond its limits', () => {
    const cache = new PageCache(new InProcessInvalidation(), { maxEntries: 2, ttlMs: 1000 });
    const page = (body: string) => ({
      status: 200,
      headers: [],
      body: Buffer.from(body),
      nonce: 'n',
      tags: [],
      version: cache.currentVersion(),
    });
    cache.set('a', page('a'), 0);
    cache.set('b', page('b'), 0);
    cache.get('a', 10);
    cache.set('c', page('c'), 20);
    expect(cache.get('b', 30)).toBeUndefined();
    expect(cache.get('a', 30)?.body.toString()).toBe('a');
    expect(cache.get('c', 2000)).toBeUndefined();
  });
});
