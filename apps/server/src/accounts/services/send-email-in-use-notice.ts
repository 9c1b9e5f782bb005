import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import type { AccountMailQueue } from '../account-mail';
import { emailInUseContent } from '../account-mail-texts';
import { members } from '../schema';

const noticeEveryMs = 24 * 3600 * 1000;

/**
 * Tells the owner of an address that someone tried to register with it, or to move it to another
 * account (decision 0297), at most once a day: the robot check and the form budget bound the
 * attempts, and this bounds the mails an attacker can send to one person.
 */
export async function sendEmailInUseNotice(tx: Executor, mail: AccountMailQueue, email: string): Promise<void> {
  const [owner] = await tx
    .update(members)
    .set({ registerAttemptNoticeAt: new Date() })
    .where(
      and(
        eq(members.email, email),
        isNull(members.disabledAt),
        or(
          isNull(members.registerAttemptNoticeAt),
          lt(members.registerAttemptNoticeAt, new Date(Date.now() - noticeEveryMs)),
        ),
      ),
    )
    .returning({ name: members.name, account: members.account, email: members.email });
  if (!owner) return;
  await mail.queue(tx, { to: owner.email, ...mail.compose(emailInUseContent(owner)) });
}
