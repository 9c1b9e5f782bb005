import { maskAskerName } from '@pest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit-log.schema';
import type { Executor } from '../../platform/database/database';
import { redactOutboxFor } from '../../platform/mail/redact-outbox';
import { detachFiles } from '../../platform/uploads/detach-files';
import { advisoryCaseTag, advisoryListTag } from '../advisory/advisory-cache-tags';
import { refreshCaseSearch } from '../advisory/services/refresh-case-search';
import { consultationCasePhotos, consultationCasePush, consultationCases } from '../schema';
import { removeUnusedAnonymousSubscriptions } from '../push/case-push';
import { consultationCaseTags } from './form-cache-tags';

type CaseRow = typeof consultationCases.$inferSelect;

export interface ErasedCase {
  caseId: number;
  /** True when the case stays as an anonymised published example (the asker agreed to publication). */
  keptAnonymised: boolean;
  /** Outbox mails written as files: remove them after the commit. */
  writtenMailIds: number[];
  /** What to invalidate after the commit (the archive, the case page, the staff queue). */
  tags: string[];
}

/**
 * Erases a case's personal data and photos (decision 0305), in the caller's transaction
 * with the row locked: the withdrawal through the follow link and the retention job share it.
 *
 * - A published case whose asker agreed stays, anonymised, when `keepPublishedExample`: the name
 *   becomes its public mask (王OO), e-mail, phone, member id, staff note and every token are
 *   blanked, the photos go; place, crop, description and the reply stay, as the asker agreed.
 * - Any other case is deleted with its photo rows, links and search row; a published one leaves
 *   the archive.
 *
 * Either way the photos are detached (the uploads cleanup removes the bytes), the case's mails in
 * the outbox are erased, and the staff note and reply text leave the case's audit entries.
 */
export async function eraseConsultationCase(
  tx: Executor,
  row: CaseRow,
  options: { keepPublishedExample: boolean },
): Promise<ErasedCase> {
  const photos = await tx
    .select({ fileId: consultationCasePhotos.storedFileId })
    .from(consultationCasePhotos)
    .where(eq(consultationCasePhotos.caseId, row.id));
  // Nobody is told about an erased case: its push links go, and anonymous subscriptions made for it.
  const pushed = await tx
    .delete(consultationCasePush)
    .where(eq(consultationCasePush.caseId, row.id))
    .returning({ id: consultationCasePush.subscriptionId });
  await removeUnusedAnonymousSubscriptions(
    tx,
    pushed.map((link) => link.id),
  );
  const keep = options.keepPublishedExample && row.publishedAt !== null && row.publishConsent === 'asker';
  if (keep) {
    await tx.delete(consultationCasePhotos).where(eq(consultationCasePhotos.caseId, row.id));
    const now = new Date();
    await tx
      .update(consultationCases)
      .set({
        askerName: maskAskerName(row.askerName),
        askerEmail: '',
        askerPhone: '',
        memberId: null,
        staffNote: '',
        idempotencyKey: null,
        uploadTokenHash: null,
        followTokenHash: null,
        replyTokenHash: null,
        followUpTokenHash: null,
        withdrawnAt: now,
        updatedAt: now,
      })
      .where(eq(consultationCases.id, row.id));
    await refreshCaseSearch(tx, [row.id]);
  } else {
    // Photo rows, links and the search row go with it (foreign keys ON DELETE CASCADE).
    await tx.delete(consultationCases).where(eq(consultationCases.id, row.id));
  }
  await detachFiles(
    tx,
    photos.map((photo) => photo.fileId),
  );
  // The consultation mails name the case in their subject: "（案件編號 12）".
  const writtenMailIds = row.askerEmail
    ? await redactOutboxFor(tx, [row.askerEmail], { subjectIncludes: `案件編號 ${row.id}）` })
    : [];
  await tx
    .update(auditLog)
    .set({
      before: sql`CASE WHEN jsonb_typeof(${auditLog.before}) = 'object' THEN ${auditLog.before} - 'staff_note' - 'reply_text' ELSE ${auditLog.before} END`,
      after: sql`CASE WHEN jsonb_typeof(${auditLog.after}) = 'object' THEN ${auditLog.after} - 'staff_note' - 'reply_text' ELSE ${auditLog.after} END`,
    })
    .where(and(eq(auditLog.entity, 'consultation-case'), eq(auditLog.entityId, String(row.id))));
  return {
    caseId: row.id,
    keptAnonymised: keep,
    writtenMailIds,
    tags: [advisoryListTag, advisoryCaseTag(row.id), consultationCaseTags.queue],
  };
}
