import type { Env } from '../config/env';

/** The accounts feature's limits, from the environment (README "Member accounts"). */
export interface AccountsSettings {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  rememberMs: number;
  bearerMs: number;
  lockoutMax: number;
  lockoutWindowMs: number;
  /** Failures of an account after which signing in to it needs the robot check. */
  altchaAfterFailures: number;
  /**
   * Failures from one client after which every sign-in from it needs the robot check (3 by
   * default, so a school or office sharing one address is not asked after two typos). A client is
   * never locked out: the robot check and the login budget slow it instead (decision 0295).
   */
  altchaAfterClientFailures: number;
  /** One-time links (e-mail confirmation, password reset). */
  oneTimeTokenMs: number;
  /** The link that stops a change of e-mail address, mailed to the old address (decision 0293). */
  emailChangeStopMs: number;
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
    lockoutWindowMs: env.LOGIN_LOCKOUT_MINUTES * minute,
    altchaAfterFailures: 2,
    altchaAfterClientFailures: env.LOGIN_ROBOT_CHECK_CLIENT_FAILURES,
    oneTimeTokenMs: 30 * minute,
    emailChangeStopMs: 7 * 24 * 60 * minute,
    altchaCost: env.ALTCHA_COST,
    guestUser: env.GUEST_API_USER,
    guestPassword: env.GUEST_API_PASSWORD,
    secureCookies: env.FORCE_HTTPS || env.NODE_ENV === 'production',
    cookiePath: env.BASE_PATH || '/',
    publicUrl: env.publicUrl,
  };
}
