import { accountMessages, errorCodes, type MemberClass, type MemberSummary } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { AccountMailQueue } from '../account-mail';
import type { AccountsSettings } from '../accounts-settings';
import { hashPassword } from '../password-hash';
import { members } from '../schema';
import { uniqueViolationOf } from '../unique-violation';
import { toMemberSummary } from './load-member-summary';
import { refreshMemberSearch } from './refresh-member-search';
import { sendEmailConfirmation } from './send-email-confirmation';
import { sendEmailInUseNotice } from './send-email-in-use-notice';

export interface NewMember {
  account: string;
  name: string;
  email: string;
  memberClass: MemberClass;
  password: string;
}

/** The 409 of an account or address already taken (the form shows it beside the field). */
export function takenError(constraint: string): AppError {
  return new AppError(
    409,
    errorCodes.conflict,
    constraint.includes('email') ? accountMessages.emailTaken : accountMessages.accountTaken,
  );
}

/**
 * Registers a member and queues the e-mail confirmation in the same transaction. A double-clicked
 * or retried submission creates one member: the unique account and e-mail indexes answer the
 * second with 409. Every caller has spent a robot check first and counts against the form budget,
 * and an address already registered is answered 409 only after its owner was mailed that someone
 * tried (at most once a day, never saying who; decision 0297).
 */
export async function registerMember(
  db: Database,
  mail: AccountMailQueue,
  settings: AccountsSettings,
  input: NewMember,
): Promise<MemberSummary> {
  const passwordHash = await hashPassword(input.password);
  try {
    const registered = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ account: members.account }).from(members).where(eq(members.email, input.email));
      if (taken) {
        await sendEmailInUseNotice(tx, mail, input.email);
        return null;
      }
      const [row] = await tx
        .insert(members)
        .values({
          account: input.account,
          name: input.name,
          email: input.email,
          memberClass: input.memberClass,
          passwordHash,
        })
        .returning();
      if (!row) throw new Error('the new member was not returned');
      await refreshMemberSearch(tx, [row.id]);
      await sendEmailConfirmation(tx, mail, settings, row);
      return toMemberSummary(row, []);
    });
    // Answered after the notice has committed.
    if (!registered) throw takenError('email');
    return registered;
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (constraint !== null) throw takenError(constraint);
    throw error;
  }
}
