import { and, count, eq, inArray } from 'drizzle-orm';
import { listMembersWithRole } from '../../accounts';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Executor } from '../../platform/database/database';
import { consultationCases, consultationExpertCrops } from '../schema';

/**
 * Gives a newly submitted case to one of its crop's experts (consultation_expert_crops), the one
 * with the fewest cases waiting for a reply; ties go to the lower member id. A case already
 * assigned, or of a crop without an expert, is left as it is. Call it in the submitting
 * transaction (the consultation form's submit does); returns the expert's member id or null.
 */
export async function assignDefaultExpert(tx: Executor, caseId: number): Promise<number | null> {
  const [row] = await tx
    .select({ cropId: consultationCases.cropId, assigned: consultationCases.assignedExpertId })
    .from(consultationCases)
    .where(eq(consultationCases.id, caseId))
    .for('update');
  if (!row || row.assigned !== null || row.cropId === null) return row?.assigned ?? null;
  const cropExperts = await tx
    .select({ memberId: consultationExpertCrops.memberId })
    .from(consultationExpertCrops)
    .where(eq(consultationExpertCrops.cropId, row.cropId));
  // Only people who still hold the expert role and are not disabled.
  const experts = new Set((await listMembersWithRole(tx, 'expert')).map((expert) => expert.id));
  const candidates = cropExperts.map((entry) => entry.memberId).filter((id) => experts.has(id));
  if (candidates.length === 0) return null;
  const loads = await tx
    .select({ expert: consultationCases.assignedExpertId, open: count() })
    .from(consultationCases)
    .where(and(eq(consultationCases.status, 'submitted'), inArray(consultationCases.assignedExpertId, candidates)))
    .groupBy(consultationCases.assignedExpertId);
  const loadOf = new Map(loads.map((load) => [load.expert, load.open]));
  const [chosen] = candidates.sort((a, b) => (loadOf.get(a) ?? 0) - (loadOf.get(b) ?? 0) || a - b);
  await tx
    .update(consultationCases)
    .set({ assignedExpertId: chosen!, assignedAt: new Date(), updatedAt: new Date() })
    .where(eq(consultationCases.id, caseId));
  await recordAudit(tx, {
    actor: { memberId: null, label: 'consultation.assign-default-expert' },
    action: 'consultation-case.assign',
    entity: 'consultation-case',
    entityId: caseId,
    before: { assigned_expert_id: null },
    after: { assigned_expert_id: chosen },
  });
  return chosen!;
}
