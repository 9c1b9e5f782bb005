import { eq } from 'drizzle-orm';
import { listLinkedCrops } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { recordFormOf } from './record-form-mapping';

/** One record as the admin edits it (with its crops), or null. */
export async function getAdminRecord(db: Executor, id: number) {
  const [row] = await db.select().from(records).where(eq(records.id, id));
  if (!row) return null;
  const crops = await listLinkedCrops(db, 'record', [id]);
  return recordFormOf(row, crops.get(id));
}
