import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { HeaderPair } from '../http/security-headers';

/**
 * A stored page's answers (decisions 0056, 0082, 0453): the bytes and headers a hit sends in each encoding, the 304
 * of a revalidation, and the stand-in copy of an outage. The page cache (page-cache.ts) keeps them.
 */

/** The encodings a cached page is kept in, in the server's order of preference. */
export const pageEncodings = ['br', 'gzip'] as const;
export type CompressedEncoding = (typeof pageEncodings)[number];
export type PageEncoding = CompressedEncoding | 'identity';

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

/** A page's stored answers: what the page cache keeps of a page beside its tags. */
export interface PageAnswers {
  /**
   * The page in each encoding made so far, byte for byte what a hit sends: the plain bytes always, Brotli and
   * gzip once a request has asked for them (decision 0453).
   */
  answers: { identity: PageAnswer } & Partial<Record<PageEncoding, PageAnswer>>;
  /** How a 200 in another encoding is built from the plain bytes, when one is first asked for. */
  encode: (encoding: CompressedEncoding) => Promise<PageAnswer>;
  notModified: PageAnswer;
  /** A weak validator of the page (same for every encoding), for If-None-Match revalidation. */
  etag: string;
}

/** How every response of a cacheable page may be cached downstream. Why: decision 0035. */
export const cacheablePageCacheControl = 'public, max-age=0, must-revalidate';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page compressed once per stored copy and encoding: Brotli 5 is within 3 % of 7 at a third of the time here.
 * Only the encodings requests ask for are made (decision 0453): a page asked for once, by a crawler without
 * Accept-Encoding, is never compressed at all.
 */
async function compressPage(body: Buffer, encoding: CompressedEncoding): Promise<Buffer> {
  const compressed =
    encoding === 'br'
      ? await brotliCompress(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzip(body, { level: 6 });
  return ownBytes(compressed);
}

/**
 * The bytes in a buffer of their own. zlib hands back its output as a slice of a 64 KiB work buffer:
 * kept in the cache, a 3 KiB page held 64 KiB, twenty times what the cache counted (decision 0442).
 */
export function ownBytes(body: Buffer): Buffer {
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

/** One negotiator per compressed encoding: whether a request accepts it at all. */
const acceptsOnly = Object.fromEntries(
  pageEncodings.map((encoding) => [encoding, new Negotiator({ supportedValues: [encoding] })]),
) as Record<CompressedEncoding, Negotiator>;

/** The 200 a request gets: its preferred encoding when made, else another it accepts that is, else the plain bytes. */
function okAnswerFor(
  page: PageAnswers,
  acceptEncoding: string | string[] | undefined,
  wanted = negotiatePageEncoding(acceptEncoding),
): PageAnswer {
  const made = page.answers[wanted];
  if (made) return made;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding;
  for (const encoding of pageEncodings) {
    const other = page.answers[encoding];
    if (other && header && acceptsOnly[encoding].negotiate(header)) return other;
  }
  return page.answers.identity;
}

/**
 * The stored answer for a request: the 304 when its If-None-Match names the page, else the negotiated encoding
 * (`wanted`, when the caller has negotiated it already).
 */
export function answerFrom(
  page: PageAnswers,
  headers: Record<string, string | string[] | undefined>,
  wanted?: PageEncoding,
): PageAnswer {
  const ifNoneMatch = headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === page.etag || tag === '*')) {
    return page.notModified;
  }
  return okAnswerFor(page, headers['accept-encoding'], wanted);
}

/** How a stand-in copy is sent while the database is out (decision 0345). */
export const staleHeaders: readonly HeaderPair[] = [
  ['cache-control', 'no-store'],
  ['warning', '110 - "Response is Stale"'],
  ['x-cache', 'STALE'],
];

/** A stored page as a stand-in: its headers with `staleHeaders` in place of Cache-Control and the ETag. */
export function staleAnswerFrom(page: PageAnswers, headers: Record<string, string | string[] | undefined>): PageAnswer {
  const answer = okAnswerFor(page, headers['accept-encoding']);
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

/**
 * A page's answers: the plain 200 and the 304 at once, and `encode`, which builds the 200 in another encoding from
 * the same bytes and headers when a request first asks for it.
 */
export function pageAnswers(
  pageHeaders: HeaderPair[],
  body: Buffer,
  etag: string,
  policy: string,
  securityHeaders: readonly HeaderPair[],
): Omit<PageAnswers, 'etag'> {
  const cacheHeaders: HeaderPair[] = [
    ['cache-control', cacheablePageCacheControl],
    ['etag', etag],
    ['vary', 'accept-encoding'],
  ];
  const csp: HeaderPair = ['content-security-policy', policy];
  const ok = (encoding: PageEncoding, bytes: Buffer) =>
    buildAnswer(
      200,
      [
        ...pageHeaders,
        ...cacheHeaders,
        ...(encoding === 'identity' ? [] : [['content-encoding', encoding] as const]),
        csp,
      ],
      bytes,
      securityHeaders,
    );
  return {
    answers: { identity: ok('identity', body) },
    encode: async (encoding) => ok(encoding, await compressPage(body, encoding)),
    notModified: buildAnswer(304, [...cacheHeaders, csp], Buffer.alloc(0), securityHeaders),
  };
}
