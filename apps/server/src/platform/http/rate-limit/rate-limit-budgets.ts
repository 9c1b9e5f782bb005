import { z } from 'zod';

/** The named per-client budgets. Why: decision 0065. */
export const rateLimitBudgets = {
  /** Rendered pages and their loader data. */
  page: 'page',
  /** JSON calls under /api. */
  api: 'api',
  /** Stored files (pictures, PDFs, clips): a page shows many. */
  files: 'files',
  /** Search suggestions: each one scans the search index. */
  suggest: 'suggest',
  /** Every form post (contact, registration, consultation, discussion…). */
  form: 'form',
  /** Sign-in attempts, and anything else that guesses a secret. */
  login: 'login',
  /** Look-ups that tell whether something exists (the register form's account check): a few per client. */
  lookup: 'lookup',
} as const;

export type RateLimitBudget = (typeof rateLimitBudgets)[keyof typeof rateLimitBudgets];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's rate-limit budget, or false for none; without it the path decides. */
    rateLimitBudget?: RateLimitBudget | false;
  }
}

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).max(86_400).default(fallback);

/** Environment variables of the budgets (requests per client per window), spread into envSchema. */
export const rateLimitEnvShape = {
  RATE_LIMIT_WINDOW_SECONDS: seconds(60),
  RATE_LIMIT_PAGE_MAX: count(600),
  RATE_LIMIT_API_MAX: count(600),
  RATE_LIMIT_FILES_MAX: count(3000),
  RATE_LIMIT_SUGGEST_MAX: count(60),
  RATE_LIMIT_FORM_MAX: count(20),
  RATE_LIMIT_LOGIN_MAX: count(20),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: seconds(900),
  RATE_LIMIT_LOOKUP_MAX: count(30),
  RATE_LIMIT_LOOKUP_WINDOW_SECONDS: seconds(900),
  /** How often each process adds its counts to the shared table (ms). */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
};

type RateLimitEnv = { [Name in keyof typeof rateLimitEnvShape]: z.output<(typeof rateLimitEnvShape)[Name]> };

export interface BudgetLimit {
  max: number;
  windowMs: number;
}

/** Each budget's limit from the parsed environment. */
export function budgetLimits(env: RateLimitEnv): Record<RateLimitBudget, BudgetLimit> {
  const windowMs = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
  return {
    page: { max: env.RATE_LIMIT_PAGE_MAX, windowMs },
    api: { max: env.RATE_LIMIT_API_MAX, windowMs },
    files: { max: env.RATE_LIMIT_FILES_MAX, windowMs },
    suggest: { max: env.RATE_LIMIT_SUGGEST_MAX, windowMs },
    form: { max: env.RATE_LIMIT_FORM_MAX, windowMs },
    login: { max: env.RATE_LIMIT_LOGIN_MAX, windowMs: env.RATE_LIMIT_LOGIN_WINDOW_SECONDS * 1000 },
    lookup: { max: env.RATE_LIMIT_LOOKUP_MAX, windowMs: env.RATE_LIMIT_LOOKUP_WINDOW_SECONDS * 1000 },
  };
}
