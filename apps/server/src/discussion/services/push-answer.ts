import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { discussionComments, discussionIdentities, discussionQuestions } from '../schema';

export interface PushSettings {
  apiBaseUrl: string;
  messagingToken: string | null;
  publicUrl: string;
}

/** The same comment always has the same retry key: LINE sends a message once per key (a retried job). */
export function pushRetryKey(commentId: number): string {
  const hex = createHash('sha256').update(`discussion-push:${commentId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
  const response = await fetch(`${settings.apiBaseUrl}/v2/bot/message/push`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${settings.messagingToken}`,
      'content-type': 'application/json',
      'x-line-retry-key': pushRetryKey(commentId),
    },
    body: JSON.stringify({ to: row.asker.lineUserId, messages: [{ type: 'text', text }] }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.ok || response.status === 409) return 'sent';
  throw new Error(`LINE push answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}
