import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/** What an overloaded server asks a client to wait before it tries a new page again (seconds). */
export const overloadRetryAfterSeconds = 5;

/**
 * Measures how far the event loop falls behind, with @fastify/under-pressure (decision 0381): the
 * mean delay of a 10 ms timer, sampled each second. Nothing is refused here — every request passes
 * on — because what may be refused is decided by what it costs: the page renderer asks
 * `app.isUnderPressure()` before rendering a page the cache does not hold, while stored pages
 * (answered before Fastify), static files and the API keep being served.
 */
export async function registerOverloadMeasure(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    // Returning nothing lets the request through; under-pressure would otherwise answer every route 503.
    pressureHandler: () => undefined,
  });
}

/** The answer to a page that would have to be rendered while the server is behind: small, fixed, no scripts. */
export const overloadPage =
  '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>網站忙碌中</title></head>' +
  '<body><main><h1>網站忙碌中</h1><p>目前瀏覽的人很多，請稍候幾秒再重新整理這一頁。</p></main></body></html>';
