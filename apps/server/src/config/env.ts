import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { rateLimitEnvShape } from '../platform/http/rate-limit/rate-limit-budgets';
import { storageEnvShape, storageEnvProblems } from '../platform/storage/storage-env';
import { uploadEnvShape } from '../platform/uploads/upload-env';
import { jobsEnvShape } from '../platform/jobs/jobs-env';
import { mailEnvShape } from '../platform/mail/mail-env';
import { metricsEnvShape } from '../platform/metrics/metrics-env';

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

/**
 * TRUST_PROXY as Fastify takes it: off by default; `true` trusts every peer (only when nothing
 * reaches the server except through the proxy); or a comma-separated list of the proxies'
 * addresses / CIDR ranges (`127.0.0.1,10.0.0.0/8`, or proxy-addr's names `loopback`, `linklocal`,
 * `uniquelocal`), the safe choice. A hop count is refused: Fastify 5.12 ignores it (it cannot tell
 * a proxy from a client that sends enough X-Forwarded-For entries), so it would silently trust no one.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value) => value.trim())
  .transform((value, context): boolean | string[] => {
    if (['', 'false', 'no', 'off', '0'].includes(value.toLowerCase())) return false;
    if (['true', 'yes', 'on'].includes(value.toLowerCase())) return true;
    const entries = value.split(',').map((entry) => entry.trim());
    const valid = entries.every((entry) => {
      if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
      const [address = '', bits, ...rest] = entry.split('/');
      if (rest.length > 0 || isIP(address) === 0) return false;
      return bits === undefined || (/^[0-9]+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
    });
    if (!valid) {
      context.addIssue({
        code: 'custom',
        message: /^[0-9]+$/.test(value)
          ? 'a hop count cannot be checked (Fastify ignores it): give the proxy addresses, e.g. 127.0.0.1 or 10.0.0.0/8, or true'
          : 'must be true, false, or a comma-separated list of proxy addresses / CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8',
      });
      return z.NEVER;
    }
    return entries;
  });

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

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
  // `PUBLIC_URL=` in a .env file (as in .env.example) sets it empty: unset, as with the other variables.
  PUBLIC_URL: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ error: 'must be an absolute http(s) URL, e.g. https://pest.example.org' }).optional(),
    )
    .transform((value) => value?.replace(/\/+$/, '')),
  FORCE_HTTPS: booleanFlag,
  TRUST_PROXY: trustProxy,
  /**
   * The header's feedback link: this site's own form (/feedback, whose messages land in the staff
   * inbox) by default, or an outside form's absolute address.
   */
  FEEDBACK_FORM_URL: z
    .union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[A-Za-z0-9/_-]*$/)], {
      error: 'must be an http(s) URL or a path of this site such as /feedback',
    })
    .default('/feedback'),
  /** Time limits of a connection (platform/http/server-timeouts.ts): slow clients cannot hold the server. */
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  REQUEST_TIMEOUT_MS: milliseconds(60_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  CONNECTION_TIMEOUT_MS: milliseconds(120_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /**
   * How far the event loop may fall behind (mean delay of a 10 ms timer over a second, ms) before a
   * page the cache does not hold is answered 503 instead of rendered (platform/http/overload.ts,
   * decision 0381); 0 turns it off.
   */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /**
   * How long each part /readyz checks (database, storage) may take before it counts as failing: a
   * proxy's probe gives up after a few seconds (decision 0345). Longer for storage that is slow by nature.
   */
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_CONTENT: booleanFlag.default(true),
  /** Built web app to serve (absolute path); defaults to apps/web/build. */
  WEB_BUILD_DIR: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** How often buffered record views are written (ms): what a SIGKILL may lose (decision 0067). */
  RECORD_VIEWS_FLUSH_MS: z.coerce.number().int().min(50).max(3_600_000).default(2000),
  /**
   * How long the institute keeps its backups before they are overwritten (days). The site makes no
   * backup itself; /privacy states this figure, since erased data lives on in backups until then.
   */
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  ...rateLimitEnvShape,
  ...storageEnvShape,
  ...uploadEnvShape,
  ...jobsEnvShape,
  ...mailEnvShape,
  ...metricsEnvShape,
  /**
   * Consultation cases never published keep the asker's personal data and photos this many months
   * after the answer (or after submission, when never answered), then the daily job erases them
   * (decision 0306); /privacy states it.
   */
  CONSULTATION_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  /** Member sessions (accounts feature, decision 0120): idle and absolute limits; remember-me lasts REMEMBER_ME_DAYS. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  REMEMBER_ME_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /** Lifetime of a product-API bearer token (minutes). */
  BEARER_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Sign-in lockout: this many failures of an account within LOGIN_LOCKOUT_MINUTES lock it for as long. */
  LOGIN_LOCKOUT_MAX: z.coerce.number().int().min(1).max(1000).default(5),
  /**
   * Failures from one client address within LOGIN_LOCKOUT_MINUTES after which every sign-in from it
   * needs the robot check. A client is never locked: many people share one address (decision 0295).
   */
  LOGIN_ROBOT_CHECK_CLIENT_FAILURES: z.coerce.number().int().min(1).max(100_000).default(3),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** The product API's fixed guest credentials (HTTP Basic): they grant what an anonymous visitor may do. */
  GUEST_API_USER: z.string().min(1).default('guest'),
  GUEST_API_PASSWORD: z.string().min(1).default('guest'),
  /**
   * The expert discussion area's LINE channel (docs/line-setup.md): the LINE Login
   * channel id (the ID token's audience) and the LIFF app's id. With neither, the area runs on the
   * local demo identity provider outside production and for the local demo (`npm start` on
   * localhost; DISCUSSION_DEMO), and is off on a production address (decision 0192).
   */
  LINE_CHANNEL_ID: optionalText.refine((value) => value === undefined || /^[0-9]{6,20}$/.test(value), {
    error: 'must be the LINE Login channel id (digits)',
  }),
  LIFF_ID: optionalText.refine((value) => value === undefined || /^[0-9]{6,20}-[A-Za-z0-9]{4,20}$/.test(value), {
    error: 'must be a LIFF app id such as 1234567890-AbCdEfGh',
  }),
  /** LINE's API (ID-token keys, push messages); tests point it at a fake endpoint on 127.0.0.1. */
  LINE_API_BASE_URL: z
    .url()
    .default('https://api.line.me')
    .transform((value) => value.replace(/\/+$/, '')),
  /** The Messaging API channel's access token: answers are pushed to the asker when it is set. */
  LINE_MESSAGING_ACCESS_TOKEN: optionalText,
  /** The local demo identity provider: on by default outside production when LINE is not configured. */
  DISCUSSION_DEMO: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : ['true', '1', 'yes'].includes(value))),
  /** ALTCHA proof-of-work cost (PBKDF2/SHA-256 iterations per attempt); the default solves in well under a second. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  /**
   * The site's public address with BASE_PATH (no trailing slash): PUBLIC_URL, or outside
   * production an address made from HOST and PORT. Absolute links and the HTTPS redirect use it,
   * never the request's Host header, which any client can forge.
   */
  publicUrl: string;
};

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
  const env = parsed.data;
  const storageProblems = storageEnvProblems(env);
  if (storageProblems.length > 0) {
    throw new InvalidEnvironmentError(
      storageProblems.map((problem) => `Invalid environment variable ${problem}`).join('\n'),
    );
  }
  if (!env.PUBLIC_URL && env.NODE_ENV === 'production') {
    throw new InvalidEnvironmentError(
      'Invalid environment variable PUBLIC_URL: required in production, the public address of the site (e.g. https://pest.example.org)',
    );
  }
  const lineProblem = discussionModeProblem(env);
  if (lineProblem) throw new InvalidEnvironmentError(lineProblem);
  return { ...env, dataDir: path.resolve(env.DATA_DIR), publicUrl: env.PUBLIC_URL ?? localPublicUrl(env) };
}

/** Where a development or test server is reached from this machine: the wildcard addresses mean localhost. */
export function localPublicUrl(env: { HOST: string; PORT: number; BASE_PATH: string }): string {
  const wildcard = ['0.0.0.0', '::', '[::]', ''].includes(env.HOST);
  const host = wildcard ? 'localhost' : isIP(env.HOST) === 6 ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}${env.BASE_PATH}`;
}

/**
 * How the expert discussion identifies people: through LINE when the channel and the
 * LIFF app are configured; otherwise the local demo identity provider (DISCUSSION_DEMO; the default
 * outside production and for the README's local demo, `npm start`, whose public address is this
 * machine), or off.
 */
export function discussionMode(env: {
  NODE_ENV: string;
  PUBLIC_URL?: string | undefined;
  LINE_CHANNEL_ID?: string | undefined;
  LIFF_ID?: string | undefined;
  DISCUSSION_DEMO?: boolean | undefined;
}): 'line' | 'demo' | 'off' {
  if (env.LINE_CHANNEL_ID && env.LIFF_ID) return 'line';
  const demo = env.DISCUSSION_DEMO ?? (env.NODE_ENV !== 'production' || servesOnlyThisMachine(env.PUBLIC_URL));
  return demo ? 'demo' : 'off';
}

/**
 * Whether the public address is this machine (localhost, 127.0.0.0/8, ::1): the README's
 * `npm start`, where nobody else can reach the demo identity provider (decision 0192).
 */
export function servesOnlyThisMachine(publicUrl: string | undefined): boolean {
  if (!publicUrl) return false;
  const { hostname } = new URL(publicUrl);
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A start reachable from other machines with the demo identity provider on, or half a LINE
 * setup, refuses to start.
 */
function discussionModeProblem(env: z.infer<typeof envSchema>): string | null {
  if (Boolean(env.LINE_CHANNEL_ID) !== Boolean(env.LIFF_ID)) {
    return 'Invalid environment variable LINE_CHANNEL_ID / LIFF_ID: set both (the LINE Login channel id and its LIFF app id) or neither';
  }
  if (env.NODE_ENV === 'production' && discussionMode(env) === 'demo' && !servesOnlyThisMachine(env.PUBLIC_URL)) {
    return 'Invalid environment variable DISCUSSION_DEMO: the demo LINE identity provider lets anyone post as anyone; it cannot run in production (set LINE_CHANNEL_ID and LIFF_ID, see docs/line-setup.md)';
  }
  return null;
}
