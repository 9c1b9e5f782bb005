import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { AccountMailQueue } from '../account-mail';
import type { AccountsSettings } from '../accounts-settings';
import { members } from '../schema';
import { confirmEmailChangeContent } from '../account-mail-texts';
import { issueOneTimeToken } from './issue-one-time-token';
import { sendEmailConfirmation } from './send-email-confirmation';

/**
 * Sends a signed-in member a new confirmation link (the member page's button): for the address a
 * change waits on, else for their own address; nothing when that is confirmed already.
 */
export async function resendEmailConfirmation(
  db: Database,
  mail: AccountMailQueue,
  settings: AccountsSettings,
  memberId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    if (!member) throw AppError.notFound('找不到會員資料');
    if (member.pendingEmail !== null) {
      // A change of address waits: the new address gets its link again (the old one was told already).
      const token = await issueOneTimeToken(
        tx,
        member.id,
        'confirm-email',
        settings.oneTimeTokenMs,
        member.pendingEmail,
      );
      const link = `/confirm-email?token=${encodeURIComponent(token)}`;
      await mail.queue(tx, { to: member.pendingEmail, ...mail.compose(confirmEmailChangeContent(member, link)) });
      return true;
    }
    if (member.emailConfirmedAt !== null) return false;
    await sendEmailConfirmation(tx, mail, settings, member);
    return true;
  });
}
