import type { DiscussionComment } from '@pest/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { canModerate, type DiscussionActor } from '../discussion-actor';
import { discussionComments, discussionIdentities, discussionQuestions } from '../schema';
import { visibleQuestion } from './list-questions';

/** A question's comments by id descending; none for an unknown question. */
export async function listComments(
  db: Executor,
  actor: DiscussionActor,
  questionId: number,
): Promise<DiscussionComment[]> {
  const rows = await db
    .select({ comment: discussionComments, lineUserId: discussionIdentities.lineUserId })
    .from(discussionComments)
    .innerJoin(discussionQuestions, eq(discussionQuestions.id, discussionComments.questionId))
    .innerJoin(discussionIdentities, eq(discussionIdentities.id, discussionComments.identityId))
    .where(
      and(
        eq(discussionComments.questionId, questionId),
        isNull(discussionComments.deletedAt),
        isNull(discussionComments.hiddenAt),
        visibleQuestion,
      ),
    )
    .orderBy(desc(discussionComments.id))
    .limit(500);
  const moderator = canModerate(actor);
  return rows.map(({ comment, lineUserId }) => {
    const own = actor.identity?.id === comment.identityId;
    return {
      id: comment.id,
      discussid: String(comment.questionId),
      dcontent: comment.content,
      username: comment.username,
      userpic: comment.userpic,
      lineid: own ? lineUserId : '',
      newtime: comment.createdAt.toISOString(),
      canDelete: own || moderator,
    };
  });
}
