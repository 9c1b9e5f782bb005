import type { WizardLevelCreate, WizardLevelUpdate } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationLevels } from '../schema';
import { lockCropLevels, renumberLevels } from './crop-levels';
import { wizardLevelRowOf } from './wizard-level-rows';
import { wizardCropNotFoundMessage } from './save-wizard-crop';

export const wizardLevelNotFoundMessage = '找不到這個診斷層級';

const refusePosition = (message: string) => AppError.invalid([{ path: 'position', message }]);

/**
 * Adds a level to a crop (`id` null: at the end, or at the position given) or renames and moves
 * one, in one transaction with its audit entry. Options hang under the option one level up and
 * the last level's options carry their targets, so a level goes only where no option would lose
 * its place (decision 0271): before the levels that have options, never after a last level that
 * has them, and levels are reordered only while the crop has no options.
 */
export async function saveWizardLevel(
  db: Database,
  actor: Viewer,
  id: number | null,
  input: (WizardLevelCreate | WizardLevelUpdate) & { crop_id?: number; position?: number | undefined },
): Promise<{ id: number; cropId: number }> {
  return db.transaction(async (tx) => {
    const [existing] =
      id === null ? [] : await tx.select().from(consultationLevels).where(eq(consultationLevels.id, id));
    if (id !== null && !existing) throw AppError.notFound(wizardLevelNotFoundMessage);
    const cropId = existing?.cropId ?? (input.crop_id as number);
    const tree = await lockCropLevels(tx, cropId);
    if (!tree) throw AppError.invalid([{ path: 'crop_id', message: wizardCropNotFoundMessage }]);
    const { crop, levels } = tree;
    const count = levels.length;
    const factsOf = (levelCount: number, options: number) => ({ cropName: crop.cname, levelCount, options });

    if (!existing) {
      const position = input.position ?? count + 1;
      if (position > count + 1) throw refusePosition(`順序最大為 ${count + 1}（目前有 ${count} 層）`);
      const last = levels[count - 1];
      if (position === count + 1 && last && last.options > 0) {
        throw refusePosition(
          `最後一層「${last.name}」已有選項（各自連到病蟲害資料或 IPM 資料），不能在它之後新增層級；請先刪除那些選項，或新增在它之前`,
        );
      }
      const blocking = levels.find((level) => level.position >= position && level.options > 0);
      if (position <= count && blocking) {
        throw refusePosition(
          `第 ${blocking.position} 層「${blocking.name}」已有選項（選項依附上一層的選項），不能在它之前插入層級；請先刪除那些選項`,
        );
      }
      const [inserted] = await tx
        .insert(consultationLevels)
        .values({ cropId, name: input.name, position: -(count + 2) })
        .returning();
      if (!inserted) throw new Error('the wizard level was not written');
      const ordered: Array<{ id: number }> = [...levels];
      ordered.splice(position - 1, 0, inserted);
      await renumberLevels(tx, ordered);
      const after = { ...inserted, position };
      await recordAudit(tx, {
        actor,
        action: 'consultation-level.create',
        entity: 'consultation-level',
        entityId: after.id,
        after: wizardLevelRowOf(after, factsOf(count + 1, 0)),
      });
      return { id: after.id, cropId };
    }

    const before = levels.find((level) => level.id === existing.id)!;
    const position = input.position ?? before.position;
    if (position > count) throw refusePosition(`順序最大為 ${count}（目前有 ${count} 層）`);
    if (position !== before.position) {
      if (levels.some((level) => level.options > 0)) {
        throw refusePosition('此作物已有選項（選項依附上一層的選項），層級順序不能調整；只能修改名稱');
      }
      const ordered = levels.filter((level) => level.id !== before.id);
      ordered.splice(position - 1, 0, before);
      await renumberLevels(tx, ordered);
    }
    await tx.update(consultationLevels).set({ name: input.name }).where(eq(consultationLevels.id, before.id));
    await recordAudit(tx, {
      actor,
      action: 'consultation-level.update',
      entity: 'consultation-level',
      entityId: before.id,
      before: wizardLevelRowOf(before, factsOf(count, before.options)),
      after: wizardLevelRowOf({ ...before, name: input.name, position }, factsOf(count, before.options)),
    });
    return { id: before.id, cropId };
  });
}
