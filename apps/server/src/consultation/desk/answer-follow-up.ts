import { followUpAnswerInput, type FollowUpAnswer } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCases } from '../schema';
import { hashCaseToken } from '../case-token';

export const followUpLinkExpired = '此連結已失效，請使用最新一封追蹤信中的連結';

/**
 * Records the asker's answer to the follow-up question, from the mail's link (no login: the token
 * is the proof). Answering again replaces the answer; the same answer again changes nothing.
 */
export async function answerFollowUp(
  db: Database,
  input: unknown,
): Promise<{ caseId: number; answer: FollowUpAnswer }> {
  const parsed = followUpAnswerInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? '連結不完整');
  const { token, answer } = parsed.data;
  const [row] = await db
    .update(consultationCases)
    .set({ followUpAnswer: answer, followUpAnsweredAt: new Date() })
    .where(eq(consultationCases.followUpTokenHash, hashCaseToken(token)))
    .returning({ id: consultationCases.id });
  if (!row) throw AppError.notFound(followUpLinkExpired);
  return { caseId: row.id, answer };
}
