import { accountMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { hashPassword } from '../password-hash';
import { loginFailures, members } from '../schema';
import { consumeOneTimeToken } from './consume-one-time-token';
import { endMemberSessions } from './end-member-sessions';

/**
 * Sets a new password with a reset link's token (single use, 30 minutes). Every session and
 * bearer token of the member ends, and the account's sign-in failures are cleared. The member's
 * account is returned so the page can pre-fill the sign-in form.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<{ account: string }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const spent = await consumeOneTimeToken(tx, token, 'reset-password');
    if (!spent) throw AppError.badRequest(accountMessages.resetTokenInvalid);
    const [member] = await tx
      .update(members)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(members.id, spent.memberId))
      .returning({ account: members.account });
    if (!member) throw AppError.badRequest(accountMessages.resetTokenInvalid);
    await endMemberSessions(tx, spent.memberId);
    await tx.delete(loginFailures).where(eq(loginFailures.account, member.account));
    return { account: member.account };
  });
}
