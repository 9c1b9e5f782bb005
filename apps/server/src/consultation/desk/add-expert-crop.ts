import { eq } from 'drizzle-orm';
import { listMembersWithRole } from '../../accounts';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCrops, consultationExpertCrops } from '../schema';

/** Makes an expert one of a crop's experts (audited); the same pair again returns its key, adding nothing. */
export async function addExpertCrop(
  db: Database,
  actor: Viewer,
  input: { memberId: number; cropId: number },
): Promise<string> {
  const key = `${input.memberId}-${input.cropId}`;
  await db.transaction(async (tx) => {
    const experts = await listMembersWithRole(tx, 'expert');
    if (!experts.some((expert) => expert.id === input.memberId))
      throw AppError.invalid([{ path: 'memberId', message: '此會員不是專家' }]);
    const [crop] = await tx
      .select({ id: consultationCrops.id })
      .from(consultationCrops)
      .where(eq(consultationCrops.id, input.cropId));
    if (!crop) throw AppError.invalid([{ path: 'cropId', message: '找不到此作物' }]);
    const added = await tx.insert(consultationExpertCrops).values(input).onConflictDoNothing().returning();
    if (added.length === 0) return;
    await recordAudit(tx, {
      actor,
      action: 'consultation-expert-crop.add',
      entity: 'consultation-expert-crop',
      entityId: key,
      after: input,
    });
  });
  return key;
}
