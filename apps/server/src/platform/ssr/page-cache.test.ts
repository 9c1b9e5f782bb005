import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { inlineScriptHashes, negotiatePageEncoding, type PageAnswer } from './page-answers';
import { lookupCachedPage, PageCache, type PageCacheSetup } from './page-cache';
import { InProcessInvalidation } from '../cache/invalidation';

const origin = 'http://example.test';
const script = 'window.__ctx = {"a":1};hydrate()';
const html = (nonce: string) =>
  `<html><script nonce="${nonce}">${script}</script><script type="module" src="/assets/a.js"></script><p>蟲</p>${'<p>病蟲害</p>'.repeat(200)}</html>`;
const htmlResponse = (nonce: string, init: ResponseInit = {}) =>
  new Response(html(nonce), { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init });
const storedHeaders = {
  securityHeaders: [['x-content-type-options', 'nosniff']] as const,
  contentSecurityPolicy: (scriptHashes: string[]) => `script-src 'self' ${scriptHashes.join(' ')}`,
};
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const recordTags = (url: URL) => [`record:${url.searchParams.get('id')}`, 'records:list'];

function setup(onHit = vi.fn(), invalidation = new InProcessInvalidation()) {
  const pages: PageCacheSetup = {
    cache: new PageCache(invalidation),
    pages: [
      { path: '/search/bug/detail', keyParams: ['id'], tags: recordTags, onHit },
      { path: '/search/bug/detail2', keyParams: ['name'], tags: () => ['pesticides'] },
    ],
  };
  return { ...pages, onHit, invalidation };
}

const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, ip: '192.0.2.7', headers });
const header = (answer: PageAnswer | undefined, name: string) => answer?.headers.find(([key]) => key === name)?.[1];

function decode(answer: PageAnswer | undefined): string {
  const encoding = header(answer, 'content-encoding');
  const body = answer?.body ?? Buffer.alloc(0);
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('page cache', () => {
  it('keeps a page and serves the same bytes with its inline-script hashes, running the hit hook', async () => {
    const pages = setup();
    const first = lookupCachedPage(pages, get('/search/bug/detail?id=3'), origin, '');
    expect(first?.cached).toBeUndefined();
    const stored = await first?.store(htmlResponse('OLDNONCE'), storedHeaders);
    expect(stored).not.toBeInstanceOf(Response);
    const second = lookupCachedPage(pages, get('/search/bug/detail?id=3'), origin, '');
    expect(decode(second?.cached)).toBe(html('OLDNONCE'));
    expect(header(second?.cached, 'content-security-policy')).toBe(`script-src 'self' ${sha256(script)}`);
    // What the fast path writes: the security headers, the page's headers and the length.
    expect(second?.cached?.rawHeaders.slice(0, 2)).toEqual(['x-content-type-options', 'nosniff']);
    expect(second?.cached?.rawHeaders.slice(-2)).toEqual(['content-length', String(second?.cached?.body.length)]);
    expect(header(second?.cached, 'content-type')).toBe('text/html; charset=utf-8');
    expect(header(second?.cached, 'cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(pages.onHit).toHaveBeenCalledTimes(1);
    expect(pages.onHit.mock.calls[0]?.[0].searchParams.get('id')).toBe('3');
    expect(pages.onHit.mock.calls[0]?.[1].ip).toBe('192.0.2.7');
    expect(lookupCachedPage(pages, get('/search/bug/detail?id=4'), origin, '')?.cached).toBeUndefined();
  });

  it('honours the base path and ignores other pages, credentials and other methods, but not cookies', () => {
    const pages = setup();
    expect(lookupCachedPage(pages, get('/pest/search/bug/detail?id=1'), origin, '/pest')).not.toBeNull();
    expect(lookupCachedPage(pages, get('/search/bug?term=x'), origin, '')).toBeNull();
    expect(
      lookupCachedPage(pages, get('/search/bug/detail?id=1', { authorization: 'Bearer x' }), origin, ''),
    ).toBeNull();
    expect(lookupCachedPage(pages, { ...get('/search/bug/detail?id=1'), method: 'POST' }, origin, '')).toBeNull();
    // A public page is the same for a visitor with a cookie (a signed-in member's): served from the cache.
    expect(
      lookupCachedPage(pages, get('/search/bug/detail?id=1', { cookie: 'session=abc' }), origin, ''),
    ).not.toBeNull();
  });

  it('leaves alone the addresses a page declines (a staff preview): rendered for who asks, never stored', async () => {
    const pages = setup();
    pages.pages[0] = { ...pages.pages[0]!, cacheable: (url) => !url.searchParams.has('preview') };
    expect(lookupCachedPage(pages, get('/search/bug/detail?id=1&preview=1', { cookie: 's=a' }), origin, '')).toBeNull();
    expect(lookupCachedPage(pages, get('/search/bug/detail?id=1'), origin, '')).not.toBeNull();
  });

  it('serves a cookie-bearing visitor the page an anonymous one stored', async () => {
    const pages = setup();
    await lookupCachedPage(pages, get('/search/bug/detail?id=5'), origin, '')?.store(htmlResponse('N'), storedHeaders);
    const withCookie = lookupCachedPage(pages, get('/search/bug/detail?id=5', { cookie: 'session=abc' }), origin, '');
    expect(decode(withCookie?.cached)).toBe(html('N'));
  });

  it('stores only complete 200 HTML answers to GET without cookies', async () => {
    const pages = setup();
    const notFound = lookupCachedPage(pages, get('/search/bug/detail?id=9'), origin, '');
    await notFound?.store(htmlResponse('N', { status: 404 }), storedHeaders);
    const withCookie = lookupCachedPage(pages, get('/search/bug/detail?id=8'), origin, '');
    await withCookie?.store(
      new Response('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'session=1' } }),
      storedHeaders,
    );
    const cut = lookupCachedPage(pages, get('/search/bug/detail?id=7'), origin, '');
    const short = await cut?.store(
      new Response(html('N'), { headers: { 'content-type': 'text/html', 'content-length': '999999' } }),
      storedHeaders,
    );
    expect(short).toBeInstanceOf(Response);
    expect(pages.cache.size).toBe(0);
  });

  it('never stores the answer to a HEAD request (it has no body), and answers HEAD from a stored GET', async () => {
    const pages = setup();
    const head = { method: 'HEAD', url: '/search/bug/detail?id=2', ip: '192.0.2.7', headers: {} };
    const headLookup = lookupCachedPage(pages, head, origin, '');
    // React Router answers HEAD with the GET's headers and no body.
    const headAnswer = await headLookup?.store(
      new Response(null, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }),
      storedHeaders,
    );
    expect(headAnswer).toBeInstanceOf(Response);
    expect(pages.cache.size).toBe(0);
    expect(lookupCachedPage(pages, get('/search/bug/detail?id=2'), origin, '')?.cached).toBeUndefined();

    await lookupCachedPage(pages, get('/search/bug/detail?id=2'), origin, '')?.store(htmlResponse('N'), storedHeaders);
    const headHit = lookupCachedPage(pages, head, origin, '');
    expect(decode(headHit?.cached)).toBe(html('N'));
  });

  it('keeps Brotli and gzip copies and picks one by Accept-Encoding, with Vary and an ETag', async () => {
    const pages = setup();
    const lookup = (headers: Record<string, string>) =>
      lookupCachedPage(pages, get('/search/bug/detail?id=6', headers), origin, '')?.cached;
    // Stored for a request that takes gzip: sent in it, and only it is made (decision 0453).
    const sent = await lookupCachedPage(
      pages,
      get('/search/bug/detail?id=6', { 'accept-encoding': 'gzip' }),
      origin,
      '',
    )?.store(htmlResponse('N'), storedHeaders);
    expect(header(sent as PageAnswer, 'content-encoding')).toBe('gzip');
    // The first to prefer Brotli gets the gzip copy it also accepts, and Brotli is made for those after it.
    expect(header(lookup({ 'accept-encoding': 'gzip, deflate, br' }), 'content-encoding')).toBe('gzip');
    expect(header(lookup({ 'accept-encoding': 'br' }), 'content-encoding')).toBeUndefined();
    await vi.waitFor(() => expect(header(lookup({ 'accept-encoding': 'br' }), 'content-encoding')).toBe('br'));
    const br = lookup({ 'accept-encoding': 'gzip, deflate, br' });
    const gzip = lookup({ 'accept-encoding': 'gzip' });
    const identity = lookup({});
    const refused = lookup({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(header(br, 'content-encoding')).toBe('br');
    expect(header(gzip, 'content-encoding')).toBe('gzip');
    expect(header(identity, 'content-encoding')).toBeUndefined();
    expect(header(refused, 'content-encoding')).toBeUndefined();
    for (const answer of [br, gzip, identity, refused]) {
      expect(decode(answer)).toBe(html('N'));
      expect(header(answer, 'vary')).toBe('accept-encoding');
    }
    expect(br?.body.length).toBeLessThan(identity?.body.length ?? 0);
    expect(gzip?.body.length).toBeLessThan(identity?.body.length ?? 0);
    // Each body in memory of its own: zlib's output is a slice of a 64 KiB work buffer (decision 0442).
    for (const answer of [br, gzip, identity]) expect(answer?.body.buffer.byteLength).toBe(answer?.body.length);

    // A page stored for a request without Accept-Encoding (a crawler) is compressed for no one until asked.
    const plain = setup();
    await lookupCachedPage(plain, get('/search/bug/detail?id=7'), origin, '')?.store(htmlResponse('P'), storedHeaders);
    const first = lookupCachedPage(plain, get('/search/bug/detail?id=7', { 'accept-encoding': 'br' }), origin, '');
    expect(header(first?.cached, 'content-encoding')).toBeUndefined();

    const etag = header(identity, 'etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(header(br, 'etag')).toBe(etag);
    const revalidated = lookup({ 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(revalidated?.status).toBe(304);
    expect(revalidated?.body.length).toBe(0);
  });

  it('forgets the pages whose tags changed, also one rendered while they changed, and keeps the others', async () => {
    const pages = setup();
    const cached = async (url: string) => {
      const lookup = lookupCachedPage(pages, get(url), origin, '');
      if (lookup?.cached) return true;
      await lookup?.store(htmlResponse('N'), storedHeaders);
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
    await during?.store(htmlResponse('N'), storedHeaders);
    expect(await cached('/search/bug/detail?id=3')).toBe(false);

    await pages.invalidation.publish(['pesticides']);
    expect(await cached('/search/bug/detail2?name=x')).toBe(false);
    expect(await cached('/search/bug/detail?id=2')).toBe(true);
    await pages.invalidation.publish(['*']);
    expect(await cached('/search/bug/detail?id=2')).toBe(false);
  });

  it('while changes cannot be heard, serves nothing as fresh but gives a copy marked stale to stand in; after, none', async () => {
    // The PostgreSQL service's rules (postgres-invalidation.ts) with the connection under the test's control.
    class Listener extends InProcessInvalidation {
      up = true;
      override get isListening() {
        return this.up;
      }
      override isStale(tags: readonly string[], since: number) {
        return !this.up || super.isStale(tags, since);
      }
      reconnect() {
        this.up = true;
        this.clock.record(['*']);
      }
    }
    const invalidation = new Listener();
    const pages = setup(vi.fn(), invalidation);
    const lookup = (id: number, headers: Record<string, string> = {}) =>
      lookupCachedPage(pages, get(`/search/bug/detail?id=${id}`, headers), origin, '')!;
    for (const id of [1, 2]) await lookup(id).store(htmlResponse('N'), storedHeaders);
    // Heard before the connection went: this copy may never stand in.
    await invalidation.publish(['record:2']);
    invalidation.up = false;

    const during = lookup(1, { 'accept-encoding': 'br', 'if-none-match': '*' });
    expect(during.cached).toBeUndefined();
    const standIn = during.standIn();
    expect(standIn?.status).toBe(200);
    expect(decode(standIn)).toBe(html('N'));
    expect(header(standIn, 'cache-control')).toBe('no-store');
    expect(header(standIn, 'x-cache')).toBe('STALE');
    expect(header(standIn, 'warning')).toBe('110 - "Response is Stale"');
    expect(header(standIn, 'etag')).toBeUndefined();
    expect(header(standIn, 'content-security-policy')).toBe(`script-src 'self' ${sha256(script)}`);
    expect(standIn?.rawHeaders.slice(0, 2)).toEqual(['x-content-type-options', 'nosniff']);
    expect(standIn?.rawHeaders.slice(-2)).toEqual(['content-length', String(standIn?.body.length)]);
    expect(standIn?.rawHeaders).toContain('x-cache');
    expect(lookup(2).standIn()).toBeUndefined();
    // Nothing rendered meanwhile is kept.
    await lookup(3).store(htmlResponse('N'), storedHeaders);
    expect(lookup(3).standIn()).toBeUndefined();
    expect(pages.cache.counts.stale).toBe(1);

    // Back: every copy held through the gap may have missed a change, so none is used again.
    invalidation.reconnect();
    expect(lookup(1).cached).toBeUndefined();
    expect(lookup(1).standIn()).toBeUndefined();
  });

  it('is bounded by bytes (all encodings), evicting the least recently used, and expires entries', async () => {
    const body = Buffer.alloc(4000, 'a');
    const answer = (bytes: Buffer): PageAnswer => ({ status: 200, headers: [], body: bytes, rawHeaders: [] });
    const page = (cache: PageCache) => ({
      answers: { identity: answer(body), br: answer(Buffer.alloc(100)), gzip: answer(Buffer.alloc(100)) },
      notModified: answer(Buffer.alloc(0)),
      encode: () => Promise.resolve(answer(Buffer.alloc(100))),
      etag: 'W/"x"',
      tags: [],
      version: cache.currentVersion(),
    });
    // Room for about eight such pages, however many entries are allowed.
    const cache = new PageCache(new InProcessInvalidation(), { maxBytes: 8 * 10_000, maxEntries: 1000, ttlMs: 1000 });
    for (let index = 0; index < 20; index += 1) {
      cache.set(`p${index}`, page(cache), 0);
      cache.get('p0', 0);
    }
    expect(cache.bytes).toBeLessThanOrEqual(8 * 10_000);
    expect(cache.size).toBeLessThan(20);
    expect(cache.get('p0', 10)).toBeDefined();
    expect(cache.get('p1', 10)).toBeUndefined();
    expect(cache.get('p19', 10)).toBeDefined();
    expect(cache.get('p19', 2000)).toBeUndefined();

    // A body that is a slice of a bigger buffer is counted as the buffer it keeps alive.
    const slice = Buffer.alloc(65_536).subarray(0, 100);
    const sliced = new PageCache(new InProcessInvalidation(), { maxBytes: 1_000_000 });
    sliced.set('s', { ...page(sliced), answers: { ...page(sliced).answers, br: answer(slice) } }, 0);
    expect(sliced.bytes).toBeGreaterThan(65_536 + 4000);
  });
});

describe('a page that ends at a known instant (decision 0452)', () => {
  it('is fresh until the instant its page names or the cache lifetime, whichever comes first; never stored past it', async () => {
    const invalidation = new InProcessInvalidation();
    let until: number | null = Date.now() + 60_000;
    const pages: PageCacheSetup = {
      cache: new PageCache(invalidation, { ttlMs: 120_000 }),
      pages: [{ path: '/news', keyParams: ['page'], tags: () => ['reading-room:news'], expiresAt: () => until }],
    };
    const store = (url: string) =>
      lookupCachedPage(pages, get(url), origin, '')!.store(htmlResponse('N'), storedHeaders);
    await store('/news');
    const key = `${origin}/news`;
    const now = Date.now();
    expect(pages.cache.get(key, now + 59_000)).toBeDefined();
    expect(pages.cache.get(key, now + 61_000)).toBeUndefined();
    // No instant known: the cache's own lifetime.
    until = null;
    await store('/news?page=2');
    expect(pages.cache.get(`${origin}/news?page=2`, now + 110_000)).toBeDefined();
    expect(pages.cache.get(`${origin}/news?page=2`, now + 130_000)).toBeUndefined();
    // Already past (it fell due while the page was rendered), or unreadable: not kept at all.
    until = Date.now() - 1;
    await store('/news?page=3');
    expect(lookupCachedPage(pages, get('/news?page=3'), origin, '')?.cached).toBeUndefined();
    pages.pages[0]!.expiresAt = () => Promise.reject(new Error('database out'));
    await store('/news?page=4');
    expect(lookupCachedPage(pages, get('/news?page=4'), origin, '')?.cached).toBeUndefined();
  });
});

describe('inline script hashes', () => {
  it('hashes each inline script once and skips scripts loaded from a file', () => {
    const page = `<script>a()</script><script nonce="x" type="module">b()</script><script src="/c.js"></script><script>a()</script>`;
    expect(inlineScriptHashes(page)).toEqual([sha256('a()'), sha256('b()')]);
  });
});

describe('encoding negotiation', () => {
  it('prefers Brotli, then gzip, and falls back to the plain bytes', () => {
    expect(negotiatePageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiatePageEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiatePageEncoding('deflate')).toBe('identity');
    expect(negotiatePageEncoding(undefined)).toBe('identity');
    expect(negotiatePageEncoding('br;q=0, gzip')).toBe('gzip');
  });
});
