import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { AccountMailQueue } from '../account-mail';
import type { AccountsSettings } from '../accounts-settings';
import { members } from '../schema';
import { sendEmailConfirmation } from './send-email-confirmation';

/** Sends a signed-in member a new confirmation link (the member page's button); nothing when already confirmed. */
export async function resendEmailConfirmation(
  db: Database,
  mail: AccountMailQueue,
  settings: AccountsSettings,
  memberId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    if (!member) throw AppError.notFound('找不到會員資料');
    if (member.emailConfirmedAt !== null) return false;
    await sendEmailConfirmation(tx, mail, settings, member);
    return true;
  });
}
