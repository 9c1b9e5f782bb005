import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { recordAudit } from '../../platform/audit/record-audit';
import { detachFiles } from '../../platform/uploads/detach-files';
import { canModerate, type DiscussionActor } from '../discussion-actor';
import { discussionErrors } from '../discussion-errors';
import { discussionQuestionPhotos, discussionQuestions } from '../schema';
import { auditActor } from './audit-actor';

/**
 * Deletes a question (/discussmain_del): its asker, or an expert or
 * editor; anyone else gets 403. The row stays, marked deleted, with an audit entry; its photos
 * go back to the upload cleanup, which removes them from storage.
 */
export async function deleteQuestion(
  db: Database,
  actor: DiscussionActor,
  id: number,
): Promise<{ id: number; deleted: true }> {
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select()
      .from(discussionQuestions)
      .where(and(eq(discussionQuestions.id, id), isNull(discussionQuestions.deletedAt)))
      .for('update');
    if (!question) throw discussionErrors.notFound();
    const own = actor.identity !== null && actor.identity.id === question.identityId;
    if (!own && !canModerate(actor)) {
      if (!actor.identity && !actor.viewer) throw discussionErrors.signInNeeded();
      throw discussionErrors.notYours();
    }
    await tx
      .update(discussionQuestions)
      .set({ deletedAt: sql`now()` })
      .where(eq(discussionQuestions.id, id));
    const photos = await tx
      .select({ id: discussionQuestionPhotos.storedFileId })
      .from(discussionQuestionPhotos)
      .where(eq(discussionQuestionPhotos.questionId, id));
    // The photos leave the question and go back to the upload cleanup (the same bytes sent again
    // later are a new attachment, never this question's).
    await tx.delete(discussionQuestionPhotos).where(eq(discussionQuestionPhotos.questionId, id));
    await detachFiles(
      tx,
      photos.map((photo) => photo.id),
    );
    await recordAudit(tx, {
      actor: auditActor(actor, own),
      action: 'discussion.question.delete',
      entity: 'discussion_questions',
      entityId: id,
      before: {
        dclass: question.dclass,
        type: question.cropType,
        describe: question.describe,
        note: question.note,
        photos: photos.map((photo) => photo.id),
      },
    });
    return { id, deleted: true as const };
  });
}
