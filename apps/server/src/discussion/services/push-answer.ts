import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { discussionComments, discussionIdentities, discussionQuestions } from '../schema';
import { lineRetryKey, sendLinePush } from './send-line-push';

export interface PushSettings {
  apiBaseUrl: string;
  messagingToken: string | null;
  publicUrl: string;
}

/** The same comment always has the same retry key: LINE sends a message once per key (a retried job). */
export function pushRetryKey(commentId: number): string {
  return lineRetryKey(`discussion-push:${commentId}`);
}

/**
 * Tells the asker that their question has an answer, as a LINE push message: the
 * job `discussion.push-answer`, retried by the queue. Nothing is sent for a comment deleted or
 * hidden since, for a demo identity, or without a messaging channel. `X-Line-Retry-Key` makes a
 * retry after a lost answer harmless (LINE answers 409 for a key it has already accepted).
 */
export async function pushAnswer(db: Executor, settings: PushSettings, commentId: number): Promise<'sent' | 'skipped'> {
  if (!settings.messagingToken) return 'skipped';
  const [row] = await db
    .select({ comment: discussionComments, questionId: discussionQuestions.id, asker: discussionIdentities })
    .from(discussionComments)
    .innerJoin(discussionQuestions, eq(discussionQuestions.id, discussionComments.questionId))
    .innerJoin(discussionIdentities, eq(discussionIdentities.id, discussionQuestions.identityId))
    .where(eq(discussionComments.id, commentId));
  if (!row || row.comment.deletedAt || row.comment.hiddenAt || row.asker.demo) return 'skipped';
  const text = `您在專家討論區的提問有新的回覆：\n${row.comment.username}：${row.comment.content}\n${settings.publicUrl}/expert/detail/${row.questionId}`;
  const result = await sendLinePush(settings, { to: row.asker.lineUserId, text, retryKey: pushRetryKey(commentId) });
  if (result.sent) return 'sent';
  throw new Error(`LINE push answered ${result.status}: ${result.detail}`);
}
