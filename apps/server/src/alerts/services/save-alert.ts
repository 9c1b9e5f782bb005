import { pestAlertsAdminContract, type PestAlertInput } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { resolveCrop } from '../../crops';
import { findExistingIpmSheets } from '../../reading-room';
import { findExistingRecords } from '../../records';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database, Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { pestAlerts } from '../schema';

export const alertNotFound = '找不到這則警報';

/** An alert as its audit entry shows it. */
export function auditedAlert(row: typeof pestAlerts.$inferSelect) {
  return {
    crop: row.cropName,
    counties: row.counties,
    text: row.text,
    record_id: row.recordId,
    ipm_id: row.ipmId,
    active_from: row.activeFrom,
    active_until: row.activeUntil,
    status: row.status,
  };
}

async function checked(tx: Executor, input: PestAlertInput) {
  const crop = await resolveCrop(tx, input.crop);
  if (!crop) throw AppError.invalid([{ path: 'crop', message: `「作物名稱」清單中沒有「${input.crop}」` }]);
  if (input.active_until < input.active_from)
    throw AppError.invalid([{ path: 'active_until', message: '結束日期不可早於開始日期' }]);
  if (input.record_id !== undefined && !(await findExistingRecords(tx, [input.record_id])).has(input.record_id))
    throw AppError.invalid([{ path: 'record_id', message: `找不到編號 ${input.record_id} 的病蟲害資料` }]);
  if (input.ipm_id !== undefined && !(await findExistingIpmSheets(tx, [input.ipm_id])).has(input.ipm_id))
    throw AppError.invalid([{ path: 'ipm_id', message: `找不到編號 ${input.ipm_id} 的 IPM 資料` }]);
  return {
    cropId: crop.id,
    cropName: crop.name,
    counties: [...new Set(input.counties)],
    text: input.text,
    recordId: input.record_id ?? null,
    ipmId: input.ipm_id ?? null,
    activeFrom: input.active_from,
    activeUntil: input.active_until,
  };
}

/**
 * Creates (id null) or edits an alert (audited). A published alert may be corrected; it is not sent
 * again (each person receives an alert once, decision 0404).
 */
export async function saveAlert(db: Database, actor: Viewer, id: number | null, input: unknown): Promise<number> {
  const parsed = (id === null ? pestAlertsAdminContract.create! : pestAlertsAdminContract.update!).safeParse(input);
  if (!parsed.success)
    throw AppError.invalid(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return db.transaction(async (tx) => {
    const values = await checked(tx, parsed.data);
    const [before] = id === null ? [] : await tx.select().from(pestAlerts).where(eq(pestAlerts.id, id)).for('update');
    if (id !== null && !before) throw AppError.notFound(alertNotFound);
    const [after] = before
      ? await tx
          .update(pestAlerts)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(pestAlerts.id, before.id))
          .returning()
      : await tx.insert(pestAlerts).values(values).returning();
    await recordAudit(tx, {
      actor,
      action: before ? 'pest-alert.update' : 'pest-alert.create',
      entity: 'pest-alert',
      entityId: after!.id,
      ...(before ? { before: auditedAlert(before) } : {}),
      after: auditedAlert(after!),
    });
    return after!.id;
  });
}

/** Deletes an alert (audited); what was sent stays sent. */
export async function deleteAlert(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(pestAlerts).where(eq(pestAlerts.id, id)).returning();
    if (!before) throw AppError.notFound(alertNotFound);
    await recordAudit(tx, {
      actor,
      action: 'pest-alert.delete',
      entity: 'pest-alert',
      entityId: id,
      before: auditedAlert(before),
    });
  });
}
