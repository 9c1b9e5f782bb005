import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientOf, FastPathHandler } from '../http/fast-path';
import type { RateLimits } from '../http/rate-limit/rate-limit-plugin';
import { requestIdOf } from '../http/request-id';
import { requestCompletedLine } from '../http/request-log';
import { fastPathSlot, type PageCacheSetup } from './page-cache';
import { cacheablePageOf } from './page-cache-key';

export interface PageFastPathOptions {
  setup: PageCacheSetup;
  /** The origin of the site's public address: the cache key's origin. */
  publicOrigin: string;
  basePath: string;
  /** With FORCE_HTTPS a plain-http request is left to Fastify, which redirects it. */
  forceHttps: boolean;
  client: ClientOf;
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
}

/**
 * Answers a GET or HEAD of a stored page from Node's `request` event, before Fastify (decision 0082), with everything
 * Fastify's path gives a cache hit.
 */
export function pageFastPath(options: PageFastPathOptions): FastPathHandler {
  const { setup, publicOrigin, basePath, client, rateLimits, log } = options;
  return (request: IncomingMessage, response: ServerResponse) => {
    const { method, url: requestUrl, headers } = request;
    if ((method !== 'GET' && method !== 'HEAD') || requestUrl === undefined) return false;
    if (headers.authorization !== undefined) return false;
    if (options.forceHttps && client.protocol(request) !== 'https') return false;
    const found = cacheablePageOf(setup, requestUrl, publicOrigin, basePath);
    if (!found) return false;
    const entry = setup.cache.get(found.key);
    if (!entry) return false;
    const start = performance.now();
    const ip = client.ip(request);
    const budget = rateLimits.budgetOfPath(found.url.pathname.slice(basePath.length));
    // Over budget: Fastify counts it again (the client is refused either way) and sends the 429 page.
    if (budget && rateLimits.count(budget, ip).exceeded) return false;
    found.page.onHit?.(found.url, { ip });
    const answer = setup.cache.answer(found.key, entry, headers);
    response.writeHead(answer.status, answer.rawHeaders);
    response.end(method === 'HEAD' ? undefined : answer.body);
    // The metrics' one count of this answer (read on a scrape: requests by route and status, cache hits).
    const slot = fastPathSlot(method, answer.status);
    setup.cache.counts.fastPath[slot] = (setup.cache.counts.fastPath[slot] ?? 0) + 1;
    const line = requestCompletedLine(method, requestUrl, answer.status, performance.now() - start);
    log.info({ reqId: requestIdOf(request), ...line, fastPath: true }, 'request completed');
    return true;
  };
}
