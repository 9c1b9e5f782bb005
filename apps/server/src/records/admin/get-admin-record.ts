import { eq } from 'drizzle-orm';
import { listLinkedCrops } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { findRewrittenRecords } from './find-rewritten-records';
import { recordFormOf } from './record-form-mapping';

/** One record as the admin edits it (with its crops), or null. */
export async function getAdminRecord(db: Executor, id: number) {
  const [row] = await db.select().from(records).where(eq(records.id, id));
  if (!row) return null;
  const rewritten = row.demo && (await findRewrittenRecords(db, [id])).has(id);
  const crops = await listLinkedCrops(db, 'record', [id]);
  return recordFormOf(row, { rewritten, crops: crops.get(id) });
}
