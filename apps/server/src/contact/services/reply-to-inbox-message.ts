import { errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { MailOutbox } from '../../platform/mail/mail-outbox';
import { contactMessages } from '../schema';
import { inboxRowOf } from './list-inbox-messages';

export async function lockInboxMessage(tx: Executor, id: number) {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  if (!row) throw AppError.notFound('找不到這則訊息');
  return row;
}

/**
 * Staff answer a message: the reply goes to the sender through the one mail outbox and the message
 * becomes handled (status 1), with the audit entry, in one transaction. The same reply sent twice
 * (a double click) changes and mails nothing the second time.
 */
export async function replyToInboxMessage(
  deps: { db: Database; mail: Pick<MailOutbox, 'compose' | 'queue'> },
  actor: Viewer,
  id: number,
  reply: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockInboxMessage(tx, id);
    if (row.reply === reply) return;
    if (!row.email) {
      throw new AppError(409, errorCodes.conflict, '這則訊息沒有留下電子郵件，無法回覆；請改用「標為已處理」');
    }
    const now = new Date();
    const [after] = await tx
      .update(contactMessages)
      .set({
        reply,
        repliedAt: now,
        status: 1,
        handledAt: row.handledAt ?? now,
        handledById: actor.memberId,
        handledByLabel: actor.name,
      })
      .where(eq(contactMessages.id, id))
      .returning();
    await deps.mail.queue(tx, {
      to: row.email,
      ...deps.mail.compose({
        subject: `回覆：${row.title}`,
        greeting: row.name ? `${row.name} 您好：` : '您好：',
        paragraphs: [
          reply,
          `您於 ${row.createdAt.toISOString().slice(0, 10).replaceAll('-', '/')} 的留言：\n${row.message}`,
        ],
        notes: ['如有其他問題，歡迎再透過網站的「聯絡我們」與我們聯繫。'],
      }),
    });
    await recordAudit(tx, {
      actor,
      action: 'contact-message.reply',
      entity: 'contact-message',
      entityId: id,
      before: inboxRowOf(row),
      after: inboxRowOf(after!),
    });
  });
}
