import { deskRespondByHours } from '@pest/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCaseLinks, consultationCases } from '../schema';

export type CaseRow = typeof consultationCases.$inferSelect;

/** The public archive's list and one case's public page: what a reply or publishing changes. */
export { advisoryListTag as advisoryTag } from '../advisory/advisory-cache-tags';
export { advisoryCaseTag as caseTag } from '../advisory/advisory-cache-tags';

/** A case staff may work on (submitted or answered), locked for the transaction; 404 otherwise. */
export async function lockDeskCase(tx: Executor, caseId: number): Promise<CaseRow> {
  const [row] = await tx
    .select()
    .from(consultationCases)
    .where(and(eq(consultationCases.id, caseId), inArray(consultationCases.status, ['submitted', 'answered'])))
    .for('update');
  if (!row) throw AppError.notFound('找不到此諮詢案件');
  return row;
}

/** What an audit entry shows of a case before and after a desk write (never the asker's contact). */
export async function auditedCaseState(tx: Executor, row: CaseRow) {
  const links = await tx
    .select({ kind: consultationCaseLinks.kind, id: consultationCaseLinks.targetId })
    .from(consultationCaseLinks)
    .where(eq(consultationCaseLinks.caseId, row.id))
    .orderBy(consultationCaseLinks.kind, consultationCaseLinks.targetId);
  return {
    status: row.status,
    assigned_expert_id: row.assignedExpertId,
    reply_text: row.replyText,
    published: row.publishedAt !== null,
    staff_note: row.staffNote,
    links: links.map((link) => `${link.kind}:${link.id}`),
  };
}

/** A case waiting for its reply longer than the respond-by clock allows. */
export function isOverdue(row: Pick<CaseRow, 'status' | 'submittedAt' | 'createdAt'>, now = Date.now()): boolean {
  const since = (row.submittedAt ?? row.createdAt).getTime();
  return row.status === 'submitted' && now - since > deskRespondByHours * 3_600_000;
}
