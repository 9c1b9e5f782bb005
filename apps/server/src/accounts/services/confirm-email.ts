import { accountMessages, errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { members } from '../schema';
import { uniqueViolationOf } from '../unique-violation';
import { consumeOneTimeToken } from './consume-one-time-token';
import { takeConfirmedEmail } from './take-confirmed-email';

/**
 * Confirms the address a confirmation link was sent to: the member's own address, or the new
 * address of a change waiting for it, which then becomes the member's address (decision 0293).
 * A link for an address the member no longer has or asks for is void. Answers which it was.
 */
export async function confirmEmail(db: Database, token: string): Promise<{ changed: boolean; email: string }> {
  try {
    return await db.transaction(async (tx) => {
      const spent = await consumeOneTimeToken(tx, token, 'confirm-email');
      if (!spent?.email) throw AppError.badRequest(accountMessages.confirmTokenInvalid);
      const [member] = await tx
        .select({ email: members.email, pendingEmail: members.pendingEmail })
        .from(members)
        .where(eq(members.id, spent.memberId))
        .for('update');
      if (member?.email === spent.email) {
        await tx.update(members).set({ emailConfirmedAt: new Date() }).where(eq(members.id, spent.memberId));
        return { changed: false, email: spent.email };
      }
      if (!member || member.pendingEmail !== spent.email) {
        throw AppError.badRequest(accountMessages.confirmTokenInvalid);
      }
      await takeConfirmedEmail(tx, spent.memberId, spent.email);
      return { changed: true, email: spent.email };
    });
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw new AppError(409, errorCodes.conflict, accountMessages.emailTaken);
    throw error;
  }
}
