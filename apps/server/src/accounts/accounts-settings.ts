import type { Env } from '../config/env';

/** The accounts feature's limits, from the environment (README "Member accounts"). */
export interface AccountsSettings {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  rememberMs: number;
  bearerMs: number;
  lockoutMax: number;
  lockoutClientMax: number;
  lockoutWindowMs: number;
  /** Failures of an account after which signing in to it needs the robot check. */
  altchaAfterFailures: number;
  /**
   * Failures from one client after which every sign-in from it needs the robot check: half its
   * lockout (3 by default), so a school or office sharing one address is not asked after two typos.
   */
  altchaAfterClientFailures: number;
  /** One-time links (e-mail confirmation, password reset). */
  oneTimeTokenMs: number;
  altchaCost: number;
  guestUser: string;
  guestPassword: string;
  /** Secure cookies: in production and behind FORCE_HTTPS. */
  secureCookies: boolean;
  /** Cookie path: BASE_PATH or '/'. */
  cookiePath: string;
  /** Absolute site address for links in mails. */
  publicUrl: string;
}

const minute = 60_000;

export function accountsSettings(env: Env): AccountsSettings {
  return {
    sessionIdleMs: env.SESSION_IDLE_MINUTES * minute,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 60 * minute,
    rememberMs: env.REMEMBER_ME_DAYS * 24 * 60 * minute,
    bearerMs: env.BEARER_TOKEN_MINUTES * minute,
    lockoutMax: env.LOGIN_LOCKOUT_MAX,
    lockoutClientMax: env.LOGIN_LOCKOUT_CLIENT_MAX,
    lockoutWindowMs: env.LOGIN_LOCKOUT_MINUTES * minute,
    altchaAfterFailures: 2,
    altchaAfterClientFailures: Math.max(2, Math.ceil(env.LOGIN_LOCKOUT_CLIENT_MAX / 2)),
    oneTimeTokenMs: 30 * minute,
    altchaCost: env.ALTCHA_COST,
    guestUser: env.GUEST_API_USER,
    guestPassword: env.GUEST_API_PASSWORD,
    secureCookies: env.FORCE_HTTPS || env.NODE_ENV === 'production',
    cookiePath: env.BASE_PATH || '/',
    publicUrl: env.publicUrl,
  };
}
