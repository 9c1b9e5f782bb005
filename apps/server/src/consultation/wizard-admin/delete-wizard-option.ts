import { errorCodes } from '@pest/contracts';
import { count, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationOptions } from '../schema';
import { readWizardOptionRow } from './wizard-option-rows';
import { releaseWizardPicture } from './wizard-picture';
import { wizardOptionNotFoundMessage } from './save-wizard-option';

/**
 * Deletes an option card, audited, in one transaction; its uploaded picture goes back to the
 * cleanup. An option with options under it is refused, never deleted with its branch (decision
 * 0271): staff delete those first, or move them under another option.
 */
export async function deleteWizardOption(db: Database, actor: Viewer, id: number): Promise<{ cropId: number }> {
  return db.transaction(async (tx) => {
    const [option] = await tx.select().from(consultationOptions).where(eq(consultationOptions.id, id)).for('update');
    const row = option ? await readWizardOptionRow(tx, id) : null;
    if (!option || !row) throw AppError.notFound(wizardOptionNotFoundMessage);
    const [children] = await tx
      .select({ total: count() })
      .from(consultationOptions)
      .where(eq(consultationOptions.parentOptionId, id));
    if ((children?.total ?? 0) > 0) {
      throw new AppError(
        409,
        errorCodes.conflict,
        `「${row.label}」之下還有 ${children?.total} 個下一層選項，不能刪除；請先刪除它們，或把它們移到其他選項之下`,
      );
    }
    await tx.delete(consultationOptions).where(eq(consultationOptions.id, id));
    await releaseWizardPicture(tx, option.picture);
    await recordAudit(tx, {
      actor,
      action: 'consultation-option.delete',
      entity: 'consultation-option',
      entityId: id,
      before: row,
    });
    return { cropId: row.crop_id };
  });
}
