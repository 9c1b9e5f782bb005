import type { RecordForm } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { listLinkedCrops, replaceCropLinks } from '../../crops';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { records, recordSearch } from '../schema';
import { recordSearchRow } from '../services/create-record';
import { recordColumnsOf, recordFormOf } from './record-form-mapping';

/**
 * Writes an editor's record: the record, its search row and the audit entry in one
 * transaction (with its crop links, decision 0361), so search finds exactly what the page shows. `id` null creates one (a draft unless
 * the form says published). Only a published record has a search row (decision 0250). Returns the
 * id; the caller publishes the cache tags once this has committed.
 */
export async function saveRecord(db: Database, actor: Viewer, id: number | null, form: RecordForm): Promise<number> {
  const columns = recordColumnsOf(form);
  if (columns.diseaseClass !== null && columns.type !== 'disease') {
    throw AppError.invalid([{ path: 'disease_class', message: '只有病害可以選擇病原類別' }]);
  }
  return db.transaction(async (tx) => {
    if (id === null) {
      const [created] = await tx.insert(records).values(columns).returning();
      if (!created) throw new Error('the record was not created');
      if (created.state === 'published') {
        await tx.insert(recordSearch).values({ ...recordSearchRow(created), recordId: created.id });
      }
      const crops = await replaceCropLinks(tx, 'record', created.id, form.crops);
      await recordAudit(tx, {
        actor,
        action: 'record.create',
        entity: 'record',
        entityId: created.id,
        after: recordFormOf(created, { crops }),
      });
      return created.id;
    }
    const [before] = await tx.select().from(records).where(eq(records.id, id)).for('update');
    if (!before) throw AppError.notFound('找不到此筆病蟲害資料');
    const cropsBefore = (await listLinkedCrops(tx, 'record', [id])).get(id);
    const cropsAfter = await replaceCropLinks(tx, 'record', id, form.crops);
    const [after] = await tx
      .update(records)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(records.id, id))
      .returning();
    if (!after) throw AppError.notFound('找不到此筆病蟲害資料');
    // A draft has no search row, so no search, suggestion or similar-answer list can find it.
    if (after.state === 'published') {
      await tx
        .insert(recordSearch)
        .values({ ...recordSearchRow(after), recordId: id })
        .onConflictDoUpdate({ target: recordSearch.recordId, set: recordSearchRow(after) });
    } else {
      await tx.delete(recordSearch).where(eq(recordSearch.recordId, id));
    }
    const action =
      before.state === after.state
        ? 'record.update'
        : after.state === 'published'
          ? 'record.publish'
          : 'record.unpublish';
    await recordAudit(tx, {
      actor,
      action,
      entity: 'record',
      entityId: id,
      before: recordFormOf(before, { crops: cropsBefore }),
      after: recordFormOf(after, { crops: cropsAfter }),
    });
    return id;
  });
}
