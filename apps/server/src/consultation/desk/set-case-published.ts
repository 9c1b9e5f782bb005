import { deskPublishInput, deskPublishNeedsConsent, errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { InvalidationService } from '../../platform/cache/invalidation';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCases } from '../schema';
import { advisoryTag, auditedCaseState, caseTag, lockDeskCase, type CaseRow } from './desk-case-state';

/**
 * Only a case whose asker agreed may be made public (decision 0302). Called where a case
 * goes from private to public; a case published before the question was asked stays as it is.
 */
export function assertPublishConsent(row: Pick<CaseRow, 'publishConsent'>): void {
  if (row.publishConsent !== 'asker') throw new AppError(409, errorCodes.conflict, deskPublishNeedsConsent);
}

/**
 * Publishes a replied case in the public archive, or takes it back (audited). Only an answered
 * case may be public; the same state again changes nothing and invalidates nothing.
 */
export async function setCasePublished(
  deps: { db: Database; invalidation: InvalidationService },
  actor: Viewer,
  caseId: number,
  input: unknown,
): Promise<void> {
  const parsed = deskPublishInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest('請選擇公開或不公開');
  const { published } = parsed.data;
  const changed = await deps.db.transaction(async (tx) => {
    const row = await lockDeskCase(tx, caseId);
    if ((row.publishedAt !== null) === published) return false;
    if (published && row.status !== 'answered') throw new AppError(409, errorCodes.conflict, '請先回覆再公開');
    if (published) assertPublishConsent(row);
    const before = await auditedCaseState(tx, row);
    const [after] = await tx
      .update(consultationCases)
      .set({ publishedAt: published ? new Date() : null, updatedAt: new Date() })
      .where(eq(consultationCases.id, caseId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: published ? 'consultation-case.publish' : 'consultation-case.unpublish',
      entity: 'consultation-case',
      entityId: caseId,
      before,
      after: await auditedCaseState(tx, after!),
    });
    return true;
  });
  if (changed) await deps.invalidation.publish([advisoryTag, caseTag(caseId)]);
}
