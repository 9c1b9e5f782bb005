import { errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { records } from '../schema';
import { findRewrittenRecords } from './find-rewritten-records';

export const recordDemoNotRewritten = '請先改寫這筆示範資料的內容並儲存，再取消「示範資料」標示';

/**
 * Takes the 示範資料 label off a demo record once an editor has rewritten it (decision 0375): its
 * text is now the institute's, so the page stops calling it demo. Refused (409) while no staff
 * edit of it is on record, and for a record that is not marked; audited.
 */
export async function clearRecordDemo(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ demo: records.demo }).from(records).where(eq(records.id, id)).for('update');
    if (!row) throw AppError.notFound('找不到此筆病蟲害資料');
    if (!row.demo) throw new AppError(409, errorCodes.conflict, '這筆資料沒有「示範資料」標示');
    if (!(await findRewrittenRecords(tx, [id])).has(id))
      throw new AppError(409, errorCodes.conflict, recordDemoNotRewritten);
    await tx.update(records).set({ demo: false, updatedAt: new Date() }).where(eq(records.id, id));
    await recordAudit(tx, {
      actor,
      action: 'record.clear-demo',
      entity: 'record',
      entityId: id,
      before: { demo: true },
      after: { demo: false },
    });
  });
}
