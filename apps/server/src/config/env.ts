import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** BASE_PATH: '' for the root, otherwise '/segment' with no trailing slash. */
const basePath = z
  .string()
  .default('')
  .transform((value) => value.trim().replace(/\/+$/, ''))
  .refine((value) => value === '' || /^\/[A-Za-z0-9._~\-/]*$/.test(value), {
    error: "must be empty or start with '/' and contain only URL path characters",
  });

/** A duration in milliseconds from the environment (0 is refused: every limit must hold). */
const milliseconds = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_PATH: basePath,
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      error: 'must be a postgres:// or postgresql:// connection string',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute http(s) URL, e.g. https://pest.example.org' })
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  FORCE_HTTPS: booleanFlag,
  TRUST_PROXY: booleanFlag,
  FEEDBACK_FORM_URL: z.url().default('https://forms.gle/'),
  /** Time limits of a connection (platform/http/server-timeouts.ts): slow clients cannot hold the server. */
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  REQUEST_TIMEOUT_MS: milliseconds(60_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  CONNECTION_TIMEOUT_MS: milliseconds(120_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_CONTENT: booleanFlag.default(true),
  /** Built web app to serve (absolute path); defaults to apps/web/build. */
  WEB_BUILD_DIR: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

export class InvalidEnvironmentError extends Error {}

/** Parses the environment; the error message is one line per bad variable, naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `Invalid environment variable ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new InvalidEnvironmentError(lines.join('\n'));
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
