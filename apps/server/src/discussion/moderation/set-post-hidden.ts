import { errorCodes } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import { AppError } from '../../platform/http/app-error';
import { discussionComments, discussionQuestions } from '../schema';

/**
 * Hides a question or comment from the area, or shows it again (moderation, audited). A deleted
 * post cannot be restored here; a post already in the asked state is a 409.
 */
export async function setPostHidden(
  db: Database,
  actor: Viewer,
  kind: 'question' | 'comment',
  id: number,
  hidden: boolean,
): Promise<void> {
  const table = kind === 'question' ? discussionQuestions : discussionComments;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hiddenAt: table.hiddenAt, deletedAt: table.deletedAt })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!row) throw AppError.notFound();
    if (row.deletedAt || (row.hiddenAt !== null) === hidden) {
      throw new AppError(409, errorCodes.conflict, hidden ? '此項目目前無法隱藏' : '此項目目前無法恢復顯示');
    }
    await tx
      .update(table)
      .set({ hiddenAt: hidden ? sql`now()` : null })
      .where(eq(table.id, id));
    await recordAudit(tx, {
      actor: { memberId: actor.memberId, account: actor.account },
      action: `discussion.${kind}.${hidden ? 'hide' : 'restore'}`,
      entity: kind === 'question' ? 'discussion_questions' : 'discussion_comments',
      entityId: id,
    });
  });
}
