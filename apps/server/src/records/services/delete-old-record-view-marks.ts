import { lt } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { recordViewMarks } from '../schema';

/** Deletes the marks of hours before `before`: they can no longer stop a view being counted. */
export async function deleteOldRecordViewMarks(db: Executor, before: Date): Promise<void> {
  await db.delete(recordViewMarks).where(lt(recordViewMarks.hour, before));
}
