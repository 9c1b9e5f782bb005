import { errorCodes } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import { AppError } from '../../platform/http/app-error';
import { discussionIdentities } from '../schema';

/** Stops a LINE identity from posting, or lets it post again (moderation, audited). */
export async function setIdentityBlocked(db: Database, actor: Viewer, id: number, blocked: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ blockedAt: discussionIdentities.blockedAt, lineUserId: discussionIdentities.lineUserId })
      .from(discussionIdentities)
      .where(eq(discussionIdentities.id, id))
      .for('update');
    if (!row) throw AppError.notFound();
    if ((row.blockedAt !== null) === blocked) {
      throw new AppError(409, errorCodes.conflict, blocked ? '此身分已停止發言' : '此身分並未停止發言');
    }
    await tx
      .update(discussionIdentities)
      .set({ blockedAt: blocked ? sql`now()` : null })
      .where(eq(discussionIdentities.id, id));
    await recordAudit(tx, {
      actor: { memberId: actor.memberId, account: actor.account },
      action: `discussion.identity.${blocked ? 'block' : 'unblock'}`,
      entity: 'discussion_identities',
      entityId: id,
      after: { lineUserId: row.lineUserId },
    });
  });
}
