import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationExpertCrops } from '../schema';

/** Removes an expert from a crop (audited); cases already assigned keep their expert. */
export async function removeExpertCrop(db: Database, actor: Viewer, key: string): Promise<void> {
  const [memberId, cropId] = key.split('-').map(Number) as [number, number];
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(consultationExpertCrops)
      .where(and(eq(consultationExpertCrops.memberId, memberId), eq(consultationExpertCrops.cropId, cropId)))
      .returning();
    if (removed.length === 0) throw AppError.notFound('找不到此設定');
    await recordAudit(tx, {
      actor,
      action: 'consultation-expert-crop.remove',
      entity: 'consultation-expert-crop',
      entityId: key,
      before: { memberId, cropId },
    });
  });
}
