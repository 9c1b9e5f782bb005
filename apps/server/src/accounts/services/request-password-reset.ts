import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import type { AccountMailQueue } from '../account-mail';
import { resetPasswordContent } from '../account-mail-texts';
import type { AccountsSettings } from '../accounts-settings';
import { members } from '../schema';
import { issueOneTimeToken } from './issue-one-time-token';

/**
 * Forgot password: when the account or e-mail belongs to an enabled member, queues a mail with a
 * one-time reset link (30 minutes). The caller answers the same whether or not it did.
 */
export async function requestPasswordReset(
  db: Database,
  mail: AccountMailQueue,
  settings: AccountsSettings,
  identifier: string,
): Promise<void> {
  const key = identifier.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: members.id, name: members.name, email: members.email })
      .from(members)
      .where(and(or(eq(members.account, key), eq(members.email, key)), isNull(members.disabledAt)));
    if (!member) return;
    const token = await issueOneTimeToken(tx, member.id, 'reset-password', settings.oneTimeTokenMs);
    const link = `/reset-password?token=${encodeURIComponent(token)}`;
    await mail.queue(tx, { to: member.email, ...mail.compose(resetPasswordContent(member, link)) });
  });
}
