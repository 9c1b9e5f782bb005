import { accountMessages, errorCodes } from '@pest/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { members } from '../schema';
import { refreshMemberSearch } from './refresh-member-search';

/**
 * Makes `email` the member's confirmed address and drops any change waiting, in the caller's
 * transaction: a confirmation link of the new address or the old address's stop link was just
 * spent. Another member holding the address by now is a 409 (the page says it cannot be used).
 * Returns the member's account name, or null when the member is gone.
 */
export async function takeConfirmedEmail(tx: Executor, memberId: number, email: string): Promise<string | null> {
  const [holder] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.email, email), ne(members.id, memberId)));
  if (holder) throw new AppError(409, errorCodes.conflict, accountMessages.emailTaken);
  const now = new Date();
  const [member] = await tx
    .update(members)
    .set({ email, pendingEmail: null, emailConfirmedAt: now, updatedAt: now })
    .where(eq(members.id, memberId))
    .returning({ account: members.account });
  await refreshMemberSearch(tx, [memberId]);
  return member?.account ?? null;
}
