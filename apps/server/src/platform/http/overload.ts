import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How often @fastify/under-pressure samples the event loop's delay (its default). */
const sampleIntervalMs = 1_000;

/** What an overloaded server asks a client to wait before it tries a new page again (seconds). */
export const overloadRetryAfterSeconds = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the event loop is behind (decision 0381); the page renderer asks it before rendering. */
    overload: OverloadGuard;
  }
}

export interface OverloadGuard {
  /** The mean delay past which the server counts as behind, ms; 0 never (tests turn it on where they need it). */
  maxEventLoopDelayMs: number;
  behind(): boolean;
}

/** Measures how far the event loop falls behind, with @fastify/under-pressure (decision 0381). */
export async function registerOverloadGuard(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  await app.register(underPressure, { sampleInterval: sampleIntervalMs });
  // The samples taken while the app starts measure its own start-up work (migrations, module loading), not its
  // visitors. Why: decision 0381.
  let measuredFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    measuredFrom = Date.now() + 2 * sampleIntervalMs;
  });
  const guard: OverloadGuard = {
    maxEventLoopDelayMs,
    behind: () =>
      guard.maxEventLoopDelayMs > 0 &&
      Date.now() >= measuredFrom &&
      app.memoryUsage().eventLoopDelay > guard.maxEventLoopDelayMs,
  };
  app.decorate('overload', guard);
}

/** The answer to a page that would have to be rendered while the server is behind: small, fixed, no scripts. */
export const overloadPage =
  '<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>網站忙碌中</title></head>' +
  '<body><main><h1>網站忙碌中</h1><p>目前瀏覽的人很多，請稍候幾秒再重新整理這一頁。</p></main></body></html>';

const refused = new WeakSet<FastifyRequest>();

/** Marks a request answered 503 because the server is behind: its log line is a warning, not an error. */
export function markRefusedForOverload(request: FastifyRequest): void {
  refused.add(request);
}

export function wasRefusedForOverload(request: FastifyRequest): boolean {
  return refused.has(request);
}
