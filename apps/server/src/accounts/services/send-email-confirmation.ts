import type { Executor } from '../../platform/database/database';
import type { AccountMailQueue } from '../account-mail';
import { confirmEmailContent } from '../account-mail-texts';
import type { AccountsSettings } from '../accounts-settings';
import { issueOneTimeToken } from './issue-one-time-token';

/** Queues the confirmation mail for a member's current address, in the caller's transaction. */
export async function sendEmailConfirmation(
  tx: Executor,
  mail: AccountMailQueue,
  settings: AccountsSettings,
  member: { id: number; name: string; email: string },
): Promise<void> {
  const token = await issueOneTimeToken(tx, member.id, 'confirm-email', settings.oneTimeTokenMs, member.email);
  const link = `/confirm-email?token=${encodeURIComponent(token)}`;
  await mail.queue(tx, { to: member.email, ...mail.compose(confirmEmailContent(member, link)) });
}
