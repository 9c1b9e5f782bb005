import { consultationFormMessages, withdrawCaseInput, type WithdrawCaseResult } from '@pest/contracts';
import { recordAudit } from '../../platform/audit/record-audit';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { removeWrittenMailFiles } from '../../platform/mail/redact-outbox';
import { consultationCases } from '../schema';
import { eraseConsultationCase } from './erase-consultation-case';
import { followedBy } from './find-followed-case';

/** Who the audit log names for a withdrawal: the asker, known only by the private link. */
export const askerActor = { memberId: null, label: '提問者（私人追蹤連結）' } as const;

/**
 * The asker withdraws their case through the private follow link: its photos and
 * personal data are erased; a published answer stays, anonymised, only if they agreed to
 * publication, otherwise it leaves the archive. Audited as the asker's action, not staff's.
 */
export async function withdrawConsultationCase(
  deps: Pick<FeatureContext, 'db' | 'invalidation' | 'mail'>,
  input: unknown,
): Promise<WithdrawCaseResult> {
  const parsed = withdrawCaseInput.safeParse(input);
  if (!parsed.success) {
    const confirm = parsed.error.issues.find((issue) => issue.path[0] === 'confirm');
    if (confirm) throw AppError.badRequest(consultationFormMessages.withdrawConfirm);
    throw AppError.notFound(consultationFormMessages.followNotFound);
  }
  const erased = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(consultationCases).where(followedBy(parsed.data.token)).for('update');
    if (!row) throw AppError.notFound(consultationFormMessages.followNotFound);
    const result = await eraseConsultationCase(tx, row, { keepPublishedExample: true });
    await recordAudit(tx, {
      actor: askerActor,
      action: 'consultation-case.withdraw',
      entity: 'consultation-case',
      entityId: row.id,
      before: { status: row.status, published: row.publishedAt !== null, publish_consent: row.publishConsent },
      after: { kept_anonymised: result.keptAnonymised },
    });
    return result;
  });
  await deps.invalidation.publish(erased.tags);
  await removeWrittenMailFiles(deps.mail.outboxDir, erased.writtenMailIds);
  return { caseId: erased.caseId, keptAnonymised: erased.keptAnonymised };
}
