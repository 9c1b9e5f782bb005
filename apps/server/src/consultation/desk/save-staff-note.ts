import { deskNoteInput } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCases } from '../schema';
import { auditedCaseState, lockDeskCase } from './desk-case-state';

/** Saves the note staff keep on a case (audited; never shown to the asker or the public). */
export async function saveStaffNote(db: Database, actor: Viewer, caseId: number, input: unknown): Promise<void> {
  const parsed = deskNoteInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? '備註格式有誤');
  await db.transaction(async (tx) => {
    const row = await lockDeskCase(tx, caseId);
    if (row.staffNote === parsed.data.note) return;
    const before = await auditedCaseState(tx, row);
    const [after] = await tx
      .update(consultationCases)
      .set({ staffNote: parsed.data.note, updatedAt: new Date() })
      .where(eq(consultationCases.id, caseId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'consultation-case.note',
      entity: 'consultation-case',
      entityId: caseId,
      before,
      after: await auditedCaseState(tx, after!),
    });
  });
}
