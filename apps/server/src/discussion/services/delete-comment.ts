import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { recordAudit } from '../../platform/audit/record-audit';
import { canModerate, type DiscussionActor } from '../discussion-actor';
import { discussionErrors } from '../discussion-errors';
import { discussionComments } from '../schema';
import { auditActor } from './audit-actor';
import { AppError } from '../../platform/http/app-error';
import { discussionMessages } from '@pest/contracts';

/** Deletes a comment: its author, or an expert or editor; others 403. */
export async function deleteComment(
  db: Database,
  actor: DiscussionActor,
  id: number,
): Promise<{ id: number; deleted: true }> {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select()
      .from(discussionComments)
      .where(and(eq(discussionComments.id, id), isNull(discussionComments.deletedAt)))
      .for('update');
    if (!comment) throw AppError.notFound(discussionMessages.commentNotFound);
    const own = actor.identity !== null && actor.identity.id === comment.identityId;
    if (!own && !canModerate(actor)) {
      if (!actor.identity && !actor.viewer) throw discussionErrors.signInNeeded();
      throw discussionErrors.notYours();
    }
    await tx
      .update(discussionComments)
      .set({ deletedAt: sql`now()` })
      .where(eq(discussionComments.id, id));
    await recordAudit(tx, {
      actor: auditActor(actor, own),
      action: 'discussion.comment.delete',
      entity: 'discussion_comments',
      entityId: id,
      before: { questionId: comment.questionId, content: comment.content },
    });
    return { id, deleted: true as const };
  });
}
