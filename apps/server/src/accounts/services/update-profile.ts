import type { MemberClass, MemberSummary } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { AccountMailQueue } from '../account-mail';
import type { AccountsSettings } from '../accounts-settings';
import { members } from '../schema';
import { uniqueViolationOf } from '../unique-violation';
import { loadMemberSummary } from './load-member-summary';
import { takenError } from './register-member';
import { sendEmailConfirmation } from './send-email-confirmation';

/**
 * Changes a member's own name, e-mail and news class (the member id comes from the session, never
 * from the form). A new address must be confirmed again: the confirmation mail goes out in the
 * same transaction.
 */
export async function updateProfile(
  db: Database,
  mail: AccountMailQueue,
  settings: AccountsSettings,
  memberId: number,
  input: { name: string; email: string; memberClass: MemberClass },
): Promise<MemberSummary> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
      if (!current) throw AppError.notFound('找不到會員資料');
      const emailChanged = current.email !== input.email;
      const [row] = await tx
        .update(members)
        .set({
          name: input.name,
          email: input.email,
          memberClass: input.memberClass,
          updatedAt: new Date(),
          ...(emailChanged ? { emailConfirmedAt: null } : {}),
        })
        .where(eq(members.id, memberId))
        .returning();
      if (!row) throw AppError.notFound('找不到會員資料');
      if (emailChanged) await sendEmailConfirmation(tx, mail, settings, row);
      const summary = await loadMemberSummary(tx, memberId);
      if (!summary) throw AppError.notFound('找不到會員資料');
      return summary;
    });
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint !== null) throw takenError(constraint);
    throw error;
  }
}
