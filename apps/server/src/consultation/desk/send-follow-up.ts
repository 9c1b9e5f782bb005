import { followUpAnswerLabels, followUpAnswers, followUpQuestion } from '@pest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { consultationCases } from '../schema';
import { hashCaseToken, newCaseToken } from '../case-token';

/** The follow-up page with one answer chosen (the page confirms it with a POST). */
export function followUpLink(publicUrl: string, token: string, answer?: string): string {
  const query = new URLSearchParams({ token, ...(answer ? { answer } : {}) });
  return new URL(`consultation/follow-up?${query.toString()}`, publicUrl.replace(/\/?$/, '/')).href;
}

/**
 * The follow-up job, eight days after the first reply: one question ("這個回覆解決您的問題了嗎？")
 * with a one-click link per answer. Runs at least once: a case whose follow-up went out already,
 * or that has no reply (any more), is left alone, so a retried job mails once.
 */
export async function sendFollowUp(
  deps: Pick<FeatureContext, 'db' | 'mail' | 'env'>,
  caseId: number,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const token = newCaseToken();
    const [row] = await tx
      .update(consultationCases)
      .set({ followUpSentAt: new Date(), followUpTokenHash: hashCaseToken(token) })
      .where(
        and(
          eq(consultationCases.id, caseId),
          eq(consultationCases.status, 'answered'),
          isNull(consultationCases.followUpSentAt),
          // A withdrawn case has no address left to ask.
          isNull(consultationCases.withdrawnAt),
        ),
      )
      .returning();
    if (!row) return false;
    const url = (answer?: string) => followUpLink(deps.env.publicUrl, token, answer);
    await deps.mail.queue(tx, {
      to: row.askerEmail,
      ...deps.mail.compose({
        subject: `${followUpQuestion}（案件編號 ${caseId}）`,
        greeting: `${row.askerName} 您好：`,
        paragraphs: [
          `專家在 8 天前回覆了您的「${row.cropName}」影像諮詢（案件編號 ${caseId}）。${followUpQuestion}`,
          `請點選一個回答（會再請您確認一次）：\n${followUpAnswers
            .map((answer) => `${followUpAnswerLabels[answer]}：${url(answer)}`)
            .join('\n')}`,
        ],
        action: { label: '回答這個問題', url: url() },
        notes: ['您的回答幫助專家改進回覆，不會公開。'],
      }),
    });
    return true;
  });
}
