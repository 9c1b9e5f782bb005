import { accountMessages } from '@pest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { AccountsSettings } from '../accounts-settings';
import { accountTokens } from '../schema';
import { consumeOneTimeToken } from './consume-one-time-token';
import { takeConfirmedEmail } from './take-confirmed-email';
import { endMemberSessions } from './end-member-sessions';
import { issueOneTimeToken } from './issue-one-time-token';

/**
 * The old address's link (decision 0293): the account keeps, or gets back, the address the notice
 * was mailed to, confirmed by this very click. A waiting change is dropped, every session and
 * bearer token of the member ends and every link still unused (confirmations, resets, other stop
 * links) is voided, since whoever asked for the change may hold them. Whoever it was may also
 * know the password, so a fresh reset link is answered for the page to lead on to.
 */
export async function stopEmailChange(
  db: Database,
  settings: AccountsSettings,
  token: string,
): Promise<{ account: string; email: string; resetToken: string }> {
  return db.transaction(async (tx) => {
    const spent = await consumeOneTimeToken(tx, token, 'stop-email-change');
    if (!spent?.email) throw AppError.badRequest(accountMessages.stopTokenInvalid);
    // Another member took the address since: it cannot come back (the page says so).
    const account = await takeConfirmedEmail(tx, spent.memberId, spent.email);
    if (account === null) throw AppError.badRequest(accountMessages.stopTokenInvalid);
    const now = new Date();
    await endMemberSessions(tx, spent.memberId);
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.memberId, spent.memberId), isNull(accountTokens.usedAt)));
    const resetToken = await issueOneTimeToken(tx, spent.memberId, 'reset-password', settings.oneTimeTokenMs);
    return { account, email: spent.email, resetToken };
  });
}
