import { errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { contactMessages } from '../schema';
import { inboxRowOf } from './list-inbox-messages';
import { lockInboxMessage } from './reply-to-inbox-message';

/** Marks a message handled without a reply (answered by phone, spam…), audited. */
export async function markInboxMessageHandled(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockInboxMessage(tx, id);
    if (row.status === 1) throw new AppError(409, errorCodes.conflict, '這則訊息已經處理過了');
    const [after] = await tx
      .update(contactMessages)
      .set({ status: 1, handledAt: new Date(), handledById: actor.memberId, handledByLabel: actor.name })
      .where(eq(contactMessages.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'contact-message.handled',
      entity: 'contact-message',
      entityId: id,
      before: inboxRowOf(row),
      after: inboxRowOf(after!),
    });
  });
}
