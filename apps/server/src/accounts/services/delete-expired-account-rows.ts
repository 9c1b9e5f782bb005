import { lt, or } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import type { AccountsSettings } from '../accounts-settings';
import { accountTokens, altchaSpent, loginFailures, sessions } from '../schema';

/**
 * The hourly cleanup (job `accounts.delete-expired`): ended sessions and tokens, one-time links a
 * day after they expired, failed sign-ins older than the lockout window and spent robot-check
 * solutions whose challenge has expired. Idempotent: running it twice deletes nothing more.
 */
export async function deleteExpiredAccountRows(db: Executor, settings: AccountsSettings): Promise<number> {
  const now = Date.now();
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.idleExpiresAt, new Date(now))))
    .returning({ id: sessions.idHash });
  const links = await db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, new Date(now - 24 * 3600 * 1000)))
    .returning({ id: accountTokens.idHash });
  const failures = await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now - settings.lockoutWindowMs)))
    .returning({ id: loginFailures.id });
  const spent = await db
    .delete(altchaSpent)
    .where(lt(altchaSpent.expiresAt, new Date(now)))
    .returning({ id: altchaSpent.challengeId });
  return ended.length + links.length + failures.length + spent.length;
}
