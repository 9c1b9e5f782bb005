import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CacheTags, InvalidationService } from '../cache/invalidation';
import type { HeaderPair } from '../http/security-headers';
import { cacheablePageOf } from './page-cache-key';
import {
  answerFrom,
  inlineScriptHashes,
  negotiatePageEncoding,
  ownBytes,
  pageAnswers,
  staleAnswerFrom,
  type CompressedEncoding,
  type PageAnswer,
  type PageAnswers,
  type StoredPageHeaders,
} from './page-answers';

/** A cache of rendered pages, for the pages a feature opts in. Why: decision 0035. */

export interface CachedPage extends PageAnswers {
  /** The tags it was rendered from, and the invalidation clock read before rendering it. */
  tags: CacheTags;
  version: number;
  /** When it stops being served as fresh: the cache's lifetime, or sooner when the page says (decision 0452). */
  expiresAt: number;
}

/** A page type a feature lets the cache keep, and what a cache hit must still do (count a view). */
export interface CacheablePage {
  /** Path without the base path, e.g. '/search/bug/detail'. */
  path: string;
  /** The query parameters that change the page (e.g. `id`, `tab`). Why: decision 0380. */
  keyParams: readonly string[];
  /** The cache tags a page at this address is rendered from (e.g. `record:12`). */
  tags(url: URL): CacheTags;
  /** Runs on every hit, since the loader that would have run is skipped; `ip` is request.ip. */
  onHit?(url: URL, request: { ip: string }): void;
  /** Whether this address may be kept (default: every address of the path). Why: decision 0035. */
  cacheable?(url: URL): boolean;
  /**
   * The instant (ms) the page changes with nothing written, e.g. a scheduled news item falling due, read
   * when it is stored; null when none is known. The entry is not served as fresh from then on (decision 0452).
   */
  expiresAt?(url: URL): Promise<number | null> | number | null;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
}

/** What an entry costs beyond its bodies (key, headers, hashes, bookkeeping), roughly. */
const entryOverheadBytes = 4096;

/** What a page holds: the memory behind each body, not just its length (a slice keeps its whole buffer). */
function pageBytes(page: CachedPage): number {
  const { identity, br, gzip } = page.answers;
  return (
    identity.body.buffer.byteLength +
    (br?.body.buffer.byteLength ?? 0) +
    (gzip?.body.buffer.byteLength ?? 0) +
    entryOverheadBytes
  );
}

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly ttlMs: number;
  /** The encodings being made for stored pages (`encoding key`), so a burst of requests makes each once. */
  private readonly encodingJobs = new Set<string>();
  /**
   * Answers counted for the metrics (platform/metrics reads them on a scrape): plain increments, since the fast path
   * must stay cheap. Why: decision 0345.
   */
  readonly counts = { hits: 0, misses: 0, stale: 0, fastPath: [0, 0, 0, 0] };

  constructor(
    private readonly invalidation: InvalidationService,
    options: PageCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5 * 60 * 1000;
    // Bounded by bytes (all encodings counted), least recently used first out (decision 0055).
    this.entries = new LRUCache<string, CachedPage>({
      max: options.maxEntries ?? 5000,
      maxSize: options.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: pageBytes,
    });
  }

  /** The page when it is known fresh: no heard change touched it, changes are being heard, and it has not expired. */
  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (this.invalidation.changedSince(page.tags, page.version)) {
      this.entries.delete(key);
      return undefined;
    }
    // Not heard from the other servers, or too old: kept, to stand in while nothing can be rendered.
    if (!this.invalidation.isListening) return undefined;
    if (now >= page.expiresAt) return undefined;
    return page;
  }

  /** The page to send, marked stale, when it cannot be rendered afresh because the database is out (decision 0345). */
  standIn(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page || this.invalidation.changedSince(page.tags, page.version)) return undefined;
    this.counts.stale += 1;
    return page;
  }

  /**
   * Stores a page rendered under `page.version` (read before rendering), unless one of its tags changed since;
   * fresh for the cache's lifetime or until `until` (ms), whichever comes first.
   */
  set(key: string, page: Omit<CachedPage, 'expiresAt'>, now = Date.now(), until: number | null = null): void {
    if (this.invalidation.isStale(page.tags, page.version)) return;
    const expiresAt = Math.min(now + this.ttlMs, until ?? Infinity);
    if (expiresAt <= now) return;
    const entry = { ...page, expiresAt };
    // A page bigger than an eighth of the cache would push out too many others: not kept.
    if (pageBytes(entry) > this.entries.maxSize / 8) return;
    this.entries.set(key, entry);
  }

  /**
   * The stored answer for a request (`answerFrom`); when the encoding it prefers is not made yet, it gets the plain
   * bytes or another encoding it accepts, and that encoding is made in the background for the requests after it.
   */
  answer(key: string, page: CachedPage, headers: Record<string, string | string[] | undefined>): PageAnswer {
    const wanted = negotiatePageEncoding(headers['accept-encoding']);
    if (wanted !== 'identity' && !page.answers[wanted]) this.addEncoding(key, page, wanted);
    return answerFrom(page, headers, wanted);
  }

  /** Compresses a stored page once more and keeps the result beside its other encodings, if the entry is still the same. */
  private addEncoding(key: string, page: CachedPage, encoding: CompressedEncoding): void {
    const job = `${encoding} ${key}`;
    if (this.encodingJobs.has(job)) return;
    this.encodingJobs.add(job);
    page
      .encode(encoding)
      .then((answer) => {
        // Replaced, dropped or stale meanwhile: the new entry makes its own.
        if (this.entries.peek(key) !== page) return;
        this.entries.set(key, { ...page, answers: { ...page.answers, [encoding]: answer } });
      })
      .catch(() => undefined)
      .finally(() => this.encodingJobs.delete(job));
  }

  /** Read before rendering and pass to `set`, so a page rendered before a change is never stored after it. */
  currentVersion(): number {
    return this.invalidation.now();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held (all encodings), as counted against the limit. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

/** What the SSR plugin needs: the cache and the page types features let it keep. */
export interface PageCacheSetup {
  cache: PageCache;
  pages: CacheablePage[];
}

/** Only these response headers are replayed from the cache (never Set-Cookie, never a date). */
const replayedHeaders = new Set(['content-type', 'content-language', 'link']);

/** Where the fast path counts an answer in `PageCache.counts.fastPath`. */
export function fastPathSlot(method: 'GET' | 'HEAD', status: number): number {
  return (method === 'HEAD' ? 2 : 0) + (status === 304 ? 1 : 0);
}

/**
 * One cacheable request: a GET or HEAD of an opted-in page without credentials (cookies do not matter: the page is
 * the same for everyone, and the renderer gets the request without them). Why: decision 0035.
 */
export interface PageCacheLookup {
  cached: PageAnswer | undefined;
  /** The path and query the page is rendered for: the request's, without the parameters that do not key it. */
  renderPath: string;
  store(response: Response, stored: StoredPageHeaders): Promise<Response | PageAnswer>;
  /** The stored copy marked stale, when the page could not be rendered for an outage (decision 0345). */
  standIn(): PageAnswer | undefined;
}

export function lookupCachedPage(
  setup: PageCacheSetup,
  request: { method: string; url: string; ip: string; headers: Record<string, string | string[] | undefined> },
  origin: string,
  basePath: string,
): PageCacheLookup | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.authorization !== undefined) return null;
  const found = cacheablePageOf(setup, request.url, origin, basePath);
  if (!found) return null;
  const { page, url, key } = found;
  const version = setup.cache.currentVersion();
  const entry = setup.cache.get(key);
  if (entry) {
    setup.cache.counts.hits += 1;
    page.onHit?.(url, request);
  } else {
    setup.cache.counts.misses += 1;
  }
  return {
    cached: entry && setup.cache.answer(key, entry, request.headers),
    renderPath: `${url.pathname}${url.search}`,
    standIn() {
      const copy = setup.cache.standIn(key);
      return copy && staleAnswerFrom(copy, request.headers);
    },
    async store(response, { securityHeaders, contentSecurityPolicy }) {
      // A HEAD answer has no body (React Router drops it): storing it would blank the page.
      if (request.method !== 'GET') return response;
      const contentType = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !contentType.startsWith('text/html') || response.headers.has('set-cookie')) {
        return response;
      }
      const body = Buffer.from(await response.arrayBuffer());
      const declaredLength = response.headers.get('content-length');
      if (body.length === 0 || (declaredLength !== null && Number(declaredLength) !== body.length)) {
        return new Response(body, { status: response.status, headers: response.headers });
      }
      const pageHeaders: HeaderPair[] = [];
      response.headers.forEach((value, name) => {
        if (replayedHeaders.has(name)) pageHeaders.push([name, value]);
      });
      const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const policy = contentSecurityPolicy(inlineScriptHashes(body.toString('utf8')));
      const made = pageAnswers(pageHeaders, ownBytes(body), etag, policy, securityHeaders);
      // This request's encoding now (it is sent in it); any other when a request first asks for it (decision 0453).
      const wanted = negotiatePageEncoding(request.headers['accept-encoding']);
      if (wanted !== 'identity') made.answers[wanted] = await made.encode(wanted);
      const stored: Omit<CachedPage, 'expiresAt'> = { ...made, etag, tags: page.tags(url), version };
      // A bound that cannot be read keeps the page out of the cache rather than in it for too long.
      const until = page.expiresAt ? await Promise.resolve(page.expiresAt(url)).catch(() => 0) : null;
      setup.cache.set(key, stored, Date.now(), until);
      return answerFrom(stored, request.headers, wanted);
    },
  };
}
