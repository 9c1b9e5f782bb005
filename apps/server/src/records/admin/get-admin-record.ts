import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { recordFormOf } from './record-form-mapping';

/** One record as the admin edits it, or null. */
export async function getAdminRecord(db: Executor, id: number) {
  const [row] = await db.select().from(records).where(eq(records.id, id));
  return row ? recordFormOf(row) : null;
}
