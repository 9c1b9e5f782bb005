import type { CacheTags, InvalidationService } from '../cache/invalidation';

/**
 * A cache of rendered pages for anonymous visitors (GET without cookies), for the pages a feature
 * opts in. Each page carries the cache tags it was rendered from (declared by the feature); a
 * write that reports one of them to the invalidation service makes it stale. Entries also expire
 * after a while, so content changed by something that does not report it shows up soon anyway.
 */

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** The CSP nonce baked into the body; replaced by a fresh one on every hit. */
  nonce: string;
  /** The tags it was rendered from, and the invalidation clock read before rendering it. */
  tags: CacheTags;
  version: number;
  storedAt: number;
}

/** A page type a feature lets the cache keep, and what a cache hit must still do (count a view). */
export interface CacheablePage {
  /** Path without the base path, e.g. '/search/bug/detail'. */
  path: string;
  /** The cache tags a page at this address is rendered from (e.g. `record:12`). */
  tags(url: URL): CacheTags;
  /** Runs on every hit, since the loader that would have run is skipped; `ip` is request.ip. */
  onHit?(url: URL, request: { ip: string }): void;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;

  constructor(
    private readonly invalidation: InvalidationService,
    options: PageCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 5 * 60 * 1000;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (this.invalidation.isStale(page.tags, page.version) || now - page.storedAt > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Map order doubles as recency: re-insert on use, evict from the front.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  /** Stores a page rendered under `page.version` (read before rendering), unless one of its tags changed since. */
  set(key: string, page: Omit<CachedPage, 'storedAt'>, now = Date.now()): void {
    if (this.invalidation.isStale(page.tags, page.version) || page.body.length > this.maxBytes / 8) return;
    this.delete(key);
    this.entries.set(key, { ...page, storedAt: now });
    this.bytes += page.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }

  /** Read before rendering and pass to `set`, so a page rendered before a change is never stored after it. */
  currentVersion(): number {
    return this.invalidation.now();
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.body.length;
  }
}

/** What the SSR plugin needs: the cache and the page types features let it keep. */
export interface PageCacheSetup {
  cache: PageCache;
  pages: CacheablePage[];
}

/** Only these response headers are replayed from the cache (never Set-Cookie, never a date). */
const replayedHeaders = new Set(['content-type', 'cache-control', 'vary', 'content-language', 'link']);

/**
 * One cacheable request: a GET or HEAD of an opted-in page by a visitor without cookies or
 * credentials. `cached` is the stored page, if any; `store` buffers a fresh 200 HTML response,
 * keeps it, and returns the body to send.
 */
export interface PageCacheLookup {
  cached: { headers: Array<[string, string]>; body(nonce: string): Buffer } | undefined;
  store(response: Response, nonce: string): Promise<Response | Buffer>;
}

export function lookupCachedPage(
  setup: PageCacheSetup,
  request: { method: string; url: string; ip: string; headers: Record<string, string | string[] | undefined> },
  origin: string,
  basePath: string,
): PageCacheLookup | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.cookie !== undefined || request.headers.authorization !== undefined) return null;
  const url = new URL(request.url, origin);
  const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  const page = setup.pages.find((candidate) => candidate.path === path.replace(/\/$/, ''));
  if (!page) return null;
  // The origin is part of the key: without PUBLIC_URL, pages carry absolute links built from it.
  const key = `${origin}${url.pathname}${url.search}`;
  const version = setup.cache.currentVersion();
  const tags = page.tags(url);
  const entry = setup.cache.get(key);
  if (entry) page.onHit?.(url, request);
  return {
    cached: entry && {
      headers: entry.headers,
      body: (nonce) => Buffer.from(entry.body.toString('utf8').replaceAll(entry.nonce, nonce), 'utf8'),
    },
    async store(response, nonce) {
      const contentType = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !contentType.startsWith('text/html') || response.headers.has('set-cookie')) {
        return response;
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Array<[string, string]> = [];
      response.headers.forEach((value, name) => {
        if (replayedHeaders.has(name)) headers.push([name, value]);
      });
      setup.cache.set(key, { status: 200, headers, body, nonce, tags, version });
      return new Response(body, { status: 200, headers: response.headers });
    },
  };
}
