import type { Executor } from '../../platform/database/database';
import type { AccountsSettings } from '../accounts-settings';
import { sessions } from '../schema';
import { hashSecretToken, newSecretToken } from '../secret-token';

export interface NewSession {
  /** The secret: sent once (cookie or bearer token), stored only as its hash. */
  token: string;
  expiresAt: Date;
  /** Cookie lifetime in seconds; null for a browser-session cookie (no remember-me). */
  cookieMaxAge: number | null;
}

/**
 * Starts a session (cookie) or issues a bearer token for a member. A new secret every time:
 * signing in never reuses an identifier a browser had before (session fixation).
 */
export async function createSession(
  db: Executor,
  settings: AccountsSettings,
  memberId: number,
  options: { kind: 'session' | 'bearer'; remember?: boolean; device?: string | null },
): Promise<NewSession> {
  const token = newSecretToken();
  const now = Date.now();
  const remember = options.kind === 'session' && options.remember === true;
  const lifetime =
    options.kind === 'bearer' ? settings.bearerMs : remember ? settings.rememberMs : settings.sessionAbsoluteMs;
  const idle = options.kind === 'bearer' ? settings.bearerMs : remember ? settings.rememberMs : settings.sessionIdleMs;
  const expiresAt = new Date(now + lifetime);
  await db.insert(sessions).values({
    idHash: hashSecretToken(token),
    memberId,
    kind: options.kind,
    remember,
    device: options.device ?? null,
    idleExpiresAt: new Date(Math.min(now + idle, expiresAt.getTime())),
    expiresAt,
  });
  return { token, expiresAt, cookieMaxAge: remember ? Math.floor(lifetime / 1000) : null };
}
