import { discussionCommentInput } from '@pest/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { requirePoster, type DiscussionActor } from '../discussion-actor';
import { discussionErrors } from '../discussion-errors';
import { commentsPerHour } from '../discussion-limits';
import { discussionComments, discussionQuestions } from '../schema';
import { visibleQuestion } from './list-questions';
import { refreshCommentSearch } from './refresh-comment-search';

export const pushAnswerJob = 'discussion.push-answer';

/**
 * Adds a comment: the name and picture are the verified LINE profile's,
 * whatever the body says. The same text sent again within 30 seconds (a double tap) is the same
 * comment. When someone else answers and a messaging channel is configured, the asker's push
 * message is queued in the same transaction.
 */
export async function createComment(
  context: { db: Database; jobs: JobQueue; pushEnabled: boolean },
  actor: DiscussionActor,
  body: z.input<typeof discussionCommentInput>,
): Promise<{ id: number }> {
  const identity = requirePoster(actor);
  const parsed = discussionCommentInput.safeParse(body);
  if (!parsed.success) {
    throw AppError.invalid(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  const questionId = Number(parsed.data.discussid);
  return context.db.transaction(async (tx) => {
    const [question] = await tx
      .select({ id: discussionQuestions.id, identityId: discussionQuestions.identityId })
      .from(discussionQuestions)
      .where(and(eq(discussionQuestions.id, questionId), visibleQuestion));
    if (!question) throw discussionErrors.notFound();
    const [latest] = await tx
      .select({
        id: discussionComments.id,
        content: discussionComments.content,
        recent: sql<boolean>`${discussionComments.createdAt} > now() - interval '30 seconds'`,
      })
      .from(discussionComments)
      .where(and(eq(discussionComments.identityId, identity.id), eq(discussionComments.questionId, questionId)))
      .orderBy(desc(discussionComments.id))
      .limit(1);
    if (latest && latest.recent && latest.content === parsed.data.dcontent) return { id: latest.id };
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(discussionComments)
      .where(
        and(
          eq(discussionComments.identityId, identity.id),
          gt(discussionComments.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.count ?? 0) >= commentsPerHour) throw discussionErrors.tooMany();
    const [comment] = await tx
      .insert(discussionComments)
      .values({
        questionId,
        identityId: identity.id,
        content: parsed.data.dcontent,
        username: identity.displayName,
        userpic: identity.pictureUrl,
      })
      .returning({ id: discussionComments.id });
    if (!comment) throw new Error('comment insert returned nothing');
    await refreshCommentSearch(tx, [comment.id]);
    if (context.pushEnabled && question.identityId !== identity.id) {
      await context.jobs.enqueue(pushAnswerJob, { commentId: comment.id }, { tx });
    }
    return { id: comment.id };
  });
}
