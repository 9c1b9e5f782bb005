import type { WizardCropInput } from '@pest/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { consultationCrops } from '../schema';
import { wizardCropRowOf } from './wizard-crop-rows';
import { replaceWizardPicture } from './wizard-picture';

export const wizardCropNotFoundMessage = '找不到這個診斷作物';

/**
 * Adds a crop to the diagnosis wizard (`id` null) or changes one: names, online flag, order and
 * picture (an upload through the pipeline; the one it replaces goes back to the cleanup), the
 * row and its audit entry in one transaction. A new crop takes the next free id (the institute's
 * ids stay as they are); names are unique, since the consultation form finds a crop by its name.
 */
export async function saveWizardCrop(
  db: Database,
  actor: Viewer,
  id: number | null,
  input: WizardCropInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    // One new id at a time: two editors adding a crop at once get two ids, not a key conflict.
    if (id === null) await tx.execute(sql`lock table ${consultationCrops} in share row exclusive mode`);
    const before =
      id === null
        ? null
        : (await tx.select().from(consultationCrops).where(eq(consultationCrops.id, id)).for('update'))[0];
    if (id !== null && !before) throw AppError.notFound(wizardCropNotFoundMessage);
    const [sameName] = await tx
      .select({ id: consultationCrops.id })
      .from(consultationCrops)
      .where(and(eq(consultationCrops.cname, input.cname), id === null ? undefined : ne(consultationCrops.id, id)));
    if (sameName) {
      throw AppError.invalid([{ path: 'cname', message: `已有同名的診斷作物（編號 ${sameName.id}）` }]);
    }
    const picture = await replaceWizardPicture(tx, actor, before?.picture ?? '', input.picture);
    const values = {
      cname: input.cname,
      ename: input.ename,
      online: input.online,
      sortOrder: input.sort_order,
      picture,
    };
    let after: typeof consultationCrops.$inferSelect | undefined;
    if (before) {
      [after] = await tx.update(consultationCrops).set(values).where(eq(consultationCrops.id, before.id)).returning();
    } else {
      const [next] = await tx
        .select({ id: sql<number>`coalesce(max(${consultationCrops.id}), 0) + 1`.mapWith(Number) })
        .from(consultationCrops);
      [after] = await tx
        .insert(consultationCrops)
        .values({ id: next?.id ?? 1, ...values })
        .returning();
    }
    if (!after) throw new Error('the wizard crop was not written');
    await recordAudit(tx, {
      actor,
      action: before ? 'consultation-crop.update' : 'consultation-crop.create',
      entity: 'consultation-crop',
      entityId: after.id,
      ...(before ? { before: wizardCropRowOf(before) } : {}),
      after: wizardCropRowOf(after),
    });
    return after.id;
  });
}
