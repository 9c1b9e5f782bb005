import { deskAssignInput } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { listMembersWithRole } from '../../accounts';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCases } from '../schema';
import { auditedCaseState, lockDeskCase } from './desk-case-state';

/** Assigns a case to an expert (audited). The same expert again changes nothing. */
export async function assignCase(db: Database, actor: Viewer, caseId: number, input: unknown): Promise<void> {
  const parsed = deskAssignInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? '請選擇專家');
  const { expertId } = parsed.data;
  await db.transaction(async (tx) => {
    const row = await lockDeskCase(tx, caseId);
    if (row.assignedExpertId === expertId) return;
    const experts = await listMembersWithRole(tx, 'expert');
    if (!experts.some((expert) => expert.id === expertId)) throw AppError.badRequest('只能指派給專家');
    const before = await auditedCaseState(tx, row);
    const [after] = await tx
      .update(consultationCases)
      .set({ assignedExpertId: expertId, assignedAt: new Date(), updatedAt: new Date() })
      .where(eq(consultationCases.id, caseId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'consultation-case.assign',
      entity: 'consultation-case',
      entityId: caseId,
      before,
      after: await auditedCaseState(tx, after!),
    });
  });
}
