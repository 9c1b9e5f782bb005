import { accountMessages } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { members } from '../schema';
import { consumeOneTimeToken } from './consume-one-time-token';

/** Confirms the address a confirmation link was sent to (void if the member changed it since). */
export async function confirmEmail(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const spent = await consumeOneTimeToken(tx, token, 'confirm-email');
    if (!spent?.email) throw AppError.badRequest(accountMessages.confirmTokenInvalid);
    const confirmed = await tx
      .update(members)
      .set({ emailConfirmedAt: new Date() })
      .where(and(eq(members.id, spent.memberId), eq(members.email, spent.email)))
      .returning({ id: members.id });
    if (confirmed.length === 0) throw AppError.badRequest(accountMessages.confirmTokenInvalid);
  });
}
