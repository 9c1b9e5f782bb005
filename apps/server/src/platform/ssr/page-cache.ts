import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { CacheTags, InvalidationService } from '../cache/invalidation';
import type { HeaderPair } from '../http/security-headers';
import { cacheablePageOf } from './page-cache-key';

/** A cache of rendered pages, for the pages a feature opts in. Why: decision 0035. */

/** The encodings a cached page is kept in, in the server's order of preference. */
export const pageEncodings = ['br', 'gzip'] as const;
export type PageEncoding = (typeof pageEncodings)[number] | 'identity';

/** A stored page as one request gets it: a 200 in one encoding, or the 304 of a revalidation. Why: decision 0082. */
export interface PageAnswer {
  status: number;
  /** Content-Type, Link, the cache headers (Cache-Control, ETag, Vary, Content-Encoding) and the hash-based CSP. */
  headers: readonly HeaderPair[];
  /** The bytes to send; empty for a 304. */
  body: Buffer;
  /** The security headers, `headers` and Content-Length (none for a 304), flat as `writeHead` takes them (the fast path's). */
  rawHeaders: string[];
}

export interface CachedPage {
  /** The page in each encoding, byte for byte what a hit sends. */
  answers: Record<PageEncoding, PageAnswer>;
  notModified: PageAnswer;
  /** A weak validator of the page (same for every encoding), for If-None-Match revalidation. */
  etag: string;
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
  return identity.body.buffer.byteLength + br.body.buffer.byteLength + gzip.body.buffer.byteLength + entryOverheadBytes;
}

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly ttlMs: number;
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

/** How every response of a cacheable page may be cached downstream. Why: decision 0035. */
export const cacheablePageCacheControl = 'public, max-age=0, must-revalidate';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compressed once per stored page: Brotli 5 is within 3 % of 7 at a third of the time here. */
async function compressPage(body: Buffer): Promise<Record<PageEncoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotliCompress(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 6 }),
  ]);
  return { identity: ownBytes(body), br: ownBytes(br), gzip: ownBytes(gz) };
}

/**
 * The bytes in a buffer of their own. zlib hands back its output as a slice of a 64 KiB work buffer:
 * kept in the cache, a 3 KiB page held 64 KiB, twenty times what the cache counted (decision 0442).
 */
function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP hash source of each inline script in a rendered page. Why: decision 0035. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(inlineScript)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const encodingNegotiator = new Negotiator({ supportedValues: [...pageEncodings] });

/** The encoding to send for an Accept-Encoding header: Brotli, else gzip, else the plain bytes. */
export function negotiatePageEncoding(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  if (!header) return 'identity';
  return encodingNegotiator.negotiate(header) ?? 'identity';
}

/** The stored answer for a request: the 304 when its If-None-Match names the page, else the negotiated encoding. */
export function answerFrom(page: CachedPage, headers: Record<string, string | string[] | undefined>): PageAnswer {
  const ifNoneMatch = headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === page.etag || tag === '*')) {
    return page.notModified;
  }
  return page.answers[negotiatePageEncoding(headers['accept-encoding'])];
}

/** How a stand-in copy is sent while the database is out (decision 0345). */
export const staleHeaders: readonly HeaderPair[] = [
  ['cache-control', 'no-store'],
  ['warning', '110 - "Response is Stale"'],
  ['x-cache', 'STALE'],
];

/** A stored page as a stand-in: its headers with `staleHeaders` in place of Cache-Control and the ETag. */
export function staleAnswerFrom(page: CachedPage, headers: Record<string, string | string[] | undefined>): PageAnswer {
  const answer = page.answers[negotiatePageEncoding(headers['accept-encoding'])];
  const replaced = new Set(['cache-control', 'etag']);
  const kept = answer.headers.filter(([name]) => !replaced.has(name));
  const rawHeaders: string[] = [];
  for (let index = 0; index < answer.rawHeaders.length; index += 2) {
    const name = answer.rawHeaders[index]!;
    if (name === 'content-length') rawHeaders.push(...staleHeaders.flat());
    if (!replaced.has(name)) rawHeaders.push(name, answer.rawHeaders[index + 1]!);
  }
  return { status: 200, headers: [...kept, ...staleHeaders], body: answer.body, rawHeaders };
}

/** What a stored page is sent with beyond its own headers, fixed when it is stored. */
export interface StoredPageHeaders {
  /** The headers every response carries (security-headers.ts), sent by the fast path itself. */
  securityHeaders: readonly HeaderPair[];
  /** The page's Content-Security-Policy for its inline scripts' hashes. */
  contentSecurityPolicy(scriptHashes: string[]): string;
}

function buildAnswer(
  status: number,
  headers: HeaderPair[],
  body: Buffer,
  securityHeaders: readonly HeaderPair[],
): PageAnswer {
  const rawHeaders: string[] = [];
  for (const [name, value] of [...securityHeaders, ...headers]) rawHeaders.push(name, value);
  // A 304 has no body and no Content-Length (RFC 9110 §15.4.5), as Fastify sends it.
  if (status !== 304) rawHeaders.push('content-length', String(body.length));
  return { status, headers, body, rawHeaders };
}

/** Every answer of a page, built once: the 200 in each encoding and the 304. */
function pageAnswers(
  pageHeaders: HeaderPair[],
  bodies: Record<PageEncoding, Buffer>,
  etag: string,
  policy: string,
  securityHeaders: readonly HeaderPair[],
): Pick<CachedPage, 'answers' | 'notModified'> {
  const cacheHeaders: HeaderPair[] = [
    ['cache-control', cacheablePageCacheControl],
    ['etag', etag],
    ['vary', 'accept-encoding'],
  ];
  const csp: HeaderPair = ['content-security-policy', policy];
  const ok = (encoding: PageEncoding) =>
    buildAnswer(
      200,
      [
        ...pageHeaders,
        ...cacheHeaders,
        ...(encoding === 'identity' ? [] : [['content-encoding', encoding] as const]),
        csp,
      ],
      bodies[encoding],
      securityHeaders,
    );
  return {
    answers: { identity: ok('identity'), br: ok('br'), gzip: ok('gzip') },
    notModified: buildAnswer(304, [...cacheHeaders, csp], Buffer.alloc(0), securityHeaders),
  };
}

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
    cached: entry && answerFrom(entry, request.headers),
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
      const stored: Omit<CachedPage, 'expiresAt'> = {
        ...pageAnswers(pageHeaders, await compressPage(body), etag, policy, securityHeaders),
        etag,
        tags: page.tags(url),
        version,
      };
      // A bound that cannot be read keeps the page out of the cache rather than in it for too long.
      const until = page.expiresAt ? await Promise.resolve(page.expiresAt(url)).catch(() => 0) : null;
      setup.cache.set(key, stored, Date.now(), until);
      return answerFrom({ ...stored, expiresAt: 0 }, request.headers);
    },
  };
}
