import { errorCodes, type ApiError } from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../../config/env';
import { clientKeyOf } from '../client-key';
import { routedPath } from '../routed-path';
import { budgetLimits, type BudgetLimit, type RateLimitBudget } from './rate-limit-budgets';
import { rateLimitedPage } from './rate-limited-page';
import { SharedRateCounter } from './shared-rate-counter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-client counts of every budget, shared with the other server processes. */
    rateLimitCounter: SharedRateCounter;
    /** The one decision on a request's budget: Fastify's hook and the page cache's fast path both ask it. */
    rateLimits: RateLimits;
  }
}

/** What counting one request decided. */
export interface RateLimitVerdict {
  exceeded: boolean;
  /** Whole seconds until the client's window ends (Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimits {
  /** The budget of a request by its path (without base path) when its route names none; null for none. */
  budgetOfPath(path: string): RateLimitBudget | null;
  /** Counts one request of the client at `ip` (request.ip) against `budget`. */
  count(budget: RateLimitBudget, ip: string): RateLimitVerdict;
}

export interface RateLimitPluginOptions {
  limits: Record<RateLimitBudget, BudgetLimit>;
  basePath: string;
  syncMs: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** The plugin's options from the environment (budgets, base path, sync interval). */
export function rateLimitOptions(env: Env): RateLimitPluginOptions {
  return { limits: budgetLimits(env), basePath: env.BASE_PATH, syncMs: env.RATE_LIMIT_SYNC_MS };
}

const rateLimitedBody: ApiError = { error: { code: errorCodes.rateLimited, message: '請求過於頻繁，請稍後再試' } };

/** The budget of a path when its route names none: null for none. */
function budgetOfPath(path: string): RateLimitBudget | null {
  // Hashed client bundles are immutable and cached by browsers for a year: never limited.
  if (path.startsWith('/assets/')) return null;
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/files/')) return 'files';
  return 'page';
}

/** The budget a request counts against: the route's own, otherwise by path; null for none. */
function budgetOf(request: FastifyRequest, path: string): RateLimitBudget | null {
  const own = request.routeOptions.config.rateLimitBudget;
  if (own !== undefined) return own === false ? null : own;
  return budgetOfPath(path);
}

/** Gives every request a per-client budget (decision 0065). */
export const rateLimitPlugin = fp(
  async function rateLimit(app: FastifyInstance, options: RateLimitPluginOptions) {
    const counter = new SharedRateCounter(app.db, {
      syncMs: options.syncMs,
      ...(options.now ? { now: options.now } : {}),
      onError: (error) => app.log.error({ err: error }, 'could not share rate-limit counts'),
    });
    app.decorate('rateLimitCounter', counter);
    app.addHook('onClose', () => counter.close());

    // Fixed windows counted by the shared counter; over `max` in the window is refused
    // (`current > max`, Retry-After rounded up). Why not @fastify/rate-limit: decision 0417.
    const rateLimits: RateLimits = {
      budgetOfPath,
      count(budget, ip) {
        const limit = options.limits[budget];
        const { current, ttl } = counter.hit(`${budget}|${clientKeyOf(ip)}`, limit.windowMs);
        return { exceeded: current > limit.max, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      },
    };
    app.decorate('rateLimits', rateLimits);

    const homeHref = `${options.basePath}/`;

    app.addHook('onRequest', async (request, reply) => {
      // Decoded as the router reads it: `/%61pi/…` is an API call, not a page (decision 0298).
      const path = routedPath(request.url, options.basePath);
      const budget = budgetOf(request, path);
      if (!budget) return;
      const verdict = rateLimits.count(budget, request.ip);
      if (!verdict.exceeded) return;
      const retryAfter = verdict.retryAfterSeconds;
      reply.status(429).header('retry-after', String(retryAfter)).header('cache-control', 'no-store');
      // Pages and form posts are read by people; API calls and files by code.
      if (!path.startsWith('/api/') && !path.startsWith('/files/')) {
        return reply.type('text/html; charset=utf-8').send(rateLimitedPage(retryAfter, homeHref));
      }
      return reply.send(rateLimitedBody);
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
