import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import type { AccountsSettings } from '../accounts-settings';
import { loginFailures } from '../schema';

/** Whether this client's next sign-in needs the robot check (the login page shows it up front). */
export async function checkClientNeedsAltcha(
  db: Executor,
  settings: AccountsSettings,
  client: string,
): Promise<boolean> {
  const since = new Date(Date.now() - settings.lockoutWindowMs);
  const [row] = await db
    .select({ failures: sql<number>`count(*)`.mapWith(Number) })
    .from(loginFailures)
    .where(and(eq(loginFailures.clientHash, client), gt(loginFailures.at, since)));
  return (row?.failures ?? 0) >= settings.altchaAfterClientFailures;
}
