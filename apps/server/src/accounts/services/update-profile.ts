import { accountMessages, type MemberClass, type MemberSummary } from '@pest/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { AccountMailQueue } from '../account-mail';
import { confirmEmailChangeContent, emailChangeNoticeContent } from '../account-mail-texts';
import type { AccountsSettings } from '../accounts-settings';
import { verifyPassword } from '../password-hash';
import { members } from '../schema';
import { issueOneTimeToken } from './issue-one-time-token';
import { loadMemberSummary } from './load-member-summary';
import { refreshMemberSearch } from './refresh-member-search';
import { sendEmailInUseNotice } from './send-email-in-use-notice';

export interface ProfileUpdate {
  member: MemberSummary;
  /** The new address waiting for its confirmation link, if any (this change's or an earlier one). */
  pendingEmail: string | null;
  /** Whether this call asked for a new address (its confirmation and the old address's notice were mailed). */
  emailChangeRequested: boolean;
}

/**
 * Changes a member's own name, news class and e-mail (the member id comes from the session, never
 * from the form). A new address takes effect only when it confirms by its link (decision 0293):
 * until then it waits in `pending_email`, and the old address is mailed a link that stops the
 * change. `currentPassword`, when given (the /member form), must be right before an address
 * changes; the spec's /userUpdate has no such field, and there the change simply waits. An address
 * another member holds is never confirmed: its owner is told instead, and the answer is the same,
 * so the form does not tell who is a member (decision 0297).
 */
export async function updateProfile(
  db: Database,
  mail: AccountMailQueue,
  settings: AccountsSettings,
  memberId: number,
  input: { name: string; email: string; memberClass: MemberClass; currentPassword?: string | undefined },
  options: { requirePassword: boolean },
): Promise<ProfileUpdate> {
  const [before] = await db
    .select({ email: members.email, passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.id, memberId));
  if (!before) throw AppError.notFound('找不到會員資料');
  const emailChanged = before.email !== input.email;
  if (emailChanged && options.requirePassword) {
    if (!input.currentPassword || !(await verifyPassword(before.passwordHash, input.currentPassword))) {
      throw AppError.badRequest(accountMessages.wrongCurrentPassword);
    }
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
    if (!current) throw AppError.notFound('找不到會員資料');
    const changing = current.email !== input.email;
    await tx
      .update(members)
      .set({
        name: input.name,
        memberClass: input.memberClass,
        updatedAt: new Date(),
        ...(changing ? { pendingEmail: input.email } : {}),
      })
      .where(eq(members.id, memberId));
    await refreshMemberSearch(tx, [memberId]);
    if (changing) {
      const [holder] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.email, input.email), ne(members.id, memberId)));
      if (holder) {
        await sendEmailInUseNotice(tx, mail, input.email);
      } else {
        const token = await issueOneTimeToken(tx, memberId, 'confirm-email', settings.oneTimeTokenMs, input.email);
        const link = `/confirm-email?token=${encodeURIComponent(token)}`;
        await mail.queue(tx, { to: input.email, ...mail.compose(confirmEmailChangeContent(current, link)) });
      }
      const stop = await issueOneTimeToken(
        tx,
        memberId,
        'stop-email-change',
        settings.emailChangeStopMs,
        current.email,
      );
      const stopLink = `/stop-email-change?token=${encodeURIComponent(stop)}`;
      await mail.queue(tx, {
        to: current.email,
        ...mail.compose(emailChangeNoticeContent(current, input.email, stopLink)),
      });
    }
    const summary = await loadMemberSummary(tx, memberId);
    if (!summary) throw AppError.notFound('找不到會員資料');
    return { member: summary, pendingEmail: summary.pending_email, emailChangeRequested: changing };
  });
}
