import { refreshCaseSearch } from '../advisory/services/refresh-case-search';
import type { advDoneCall } from '@pest/contracts';
import { consultationFormMessages, errorCodes } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvalidationService } from '../../platform/cache/invalidation';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { MailOutbox } from '../../platform/mail/mail-outbox';
import { consultationCasePhotos, consultationCases } from '../schema';
import { consultationCaseTags } from './form-cache-tags';
import { assignDefaultExpert } from '../desk/assign-default-expert';
import { idempotencyKeyHash, newFollowToken, secretHash, tokenMatches } from './form-tokens';

/** The asker's private page for a case (no login): the link in the mail. */
export const followPath = (token: string) => `/consultation/case?token=${encodeURIComponent(token)}`;

/**
 * The closing call (this site's addition): the case becomes `submitted` — visible to staff — only
 * when every announced photo is stored and at least one is a far photo. In the same transaction the
 * asker's mail (case number, private follow link) is queued; the staff queue's tag is published
 * after the commit. Called again for a submitted case it answers the same id and sends nothing.
 */
export async function submitConsultationCase(
  deps: { db: Database; mail: Pick<MailOutbox, 'compose' | 'queue'>; invalidation: InvalidationService },
  input: z.output<typeof advDoneCall.body>,
): Promise<{ id: number }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(consultationCases)
      .where(eq(consultationCases.idempotencyKey, idempotencyKeyHash(input.key)))
      .for('update');
    if (!found) throw AppError.notFound(consultationFormMessages.caseNotFound);
    if (!tokenMatches(input.token, found.uploadTokenHash)) {
      throw new AppError(403, errorCodes.forbidden, consultationFormMessages.tokenInvalid);
    }
    if (found.status !== 'receiving') return { id: found.id, changed: false };

    const groups = await tx
      .select({ group: consultationCasePhotos.photoGroup, photos: sql<number>`count(*)::int` })
      .from(consultationCasePhotos)
      .where(eq(consultationCasePhotos.caseId, found.id))
      .groupBy(consultationCasePhotos.photoGroup);
    const far = groups.find((row) => row.group === 'pic1')?.photos ?? 0;
    const stored = groups.reduce((sum, row) => sum + Number(row.photos), 0);
    if (far === 0) throw AppError.badRequest(consultationFormMessages.farPhotoRequired);
    if (stored !== input.photos) throw new AppError(409, errorCodes.conflict, consultationFormMessages.photosMissing);

    const followToken = newFollowToken();
    await tx
      .update(consultationCases)
      .set({
        status: 'submitted',
        expectedPhotos: input.photos,
        followTokenHash: secretHash(followToken),
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(consultationCases.id, found.id));
    // Searchable from now on: the desk's crop and county filters read the search rows.
    await refreshCaseSearch(tx, [found.id]);
    // To the crop's least-loaded expert, in the same transaction (decision 0173).
    await assignDefaultExpert(tx, found.id);
    await deps.mail.queue(tx, {
      to: found.askerEmail,
      ...deps.mail.compose({
        subject: `已收到您的諮詢（案件編號 ${found.id}）`,
        greeting: `${found.askerName} 您好：`,
        paragraphs: [
          `我們已收到您的作物病蟲害諮詢，案件編號為 ${found.id}。專家回覆後，我們會再寄信通知您。`,
          `作物：${found.cropName}\n地點：${found.countyName}${found.townshipName}\n照片：${stored} 張`,
        ],
        action: { label: '查看諮詢進度', url: followPath(followToken) },
        notes: ['這個連結只給您本人查看諮詢與回覆，請勿轉寄給他人。'],
      }),
    });
    return { id: found.id, changed: true };
  });
  if (outcome.changed) {
    await deps.invalidation.publish([consultationCaseTags.queue, consultationCaseTags.case(outcome.id)]);
  }
  return { id: outcome.id };
}
