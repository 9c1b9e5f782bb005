import { errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationLevels } from '../schema';
import { lockCropLevels, renumberLevels } from './crop-levels';
import { wizardLevelRowOf } from './wizard-level-rows';
import { wizardLevelNotFoundMessage } from './save-wizard-level';

/**
 * Deletes an empty level, audited, in one transaction; the levels after it move up. A level with
 * options is refused, never emptied with it (decision 0271): staff delete or move its options
 * first. Nor may the last level go while the one before it has options, which would become final
 * cards leading nowhere.
 */
export async function deleteWizardLevel(db: Database, actor: Viewer, id: number): Promise<{ cropId: number }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(consultationLevels).where(eq(consultationLevels.id, id));
    if (!existing) throw AppError.notFound(wizardLevelNotFoundMessage);
    const tree = await lockCropLevels(tx, existing.cropId);
    const level = tree?.levels.find((candidate) => candidate.id === id);
    if (!tree || !level) throw AppError.notFound(wizardLevelNotFoundMessage);
    const { levels } = tree;
    if (level.options > 0) {
      throw new AppError(
        409,
        errorCodes.conflict,
        `「${level.name}」這一層還有 ${level.options} 個選項，不能刪除；請先刪除這些選項（由最後一層往前刪）`,
      );
    }
    const previous = levels[level.position - 2];
    if (level.position === levels.length && previous && previous.options > 0) {
      throw new AppError(
        409,
        errorCodes.conflict,
        `刪除後「${previous.name}」會成為最後一層，但它的選項沒有連結目標；請先刪除那些選項`,
      );
    }
    await tx.delete(consultationLevels).where(eq(consultationLevels.id, id));
    await renumberLevels(
      tx,
      levels.filter((candidate) => candidate.id !== id),
    );
    await recordAudit(tx, {
      actor,
      action: 'consultation-level.delete',
      entity: 'consultation-level',
      entityId: id,
      before: wizardLevelRowOf(level, { cropName: tree.crop.cname, levelCount: levels.length, options: 0 }),
    });
    return { cropId: existing.cropId };
  });
}
