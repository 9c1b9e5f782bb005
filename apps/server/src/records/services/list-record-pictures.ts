import type { RecordPicture } from '@pest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { toRecordPicture } from '../record-mappers';
import { recordPictures, records } from '../schema';
import { recordNotFoundMessage } from './get-record-detail';

/** The displayed pictures of a record (every class), in their sort order. */
export async function listRecordPictures(db: Executor, recordId: number): Promise<RecordPicture[]> {
  if (!Number.isInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) {
    throw AppError.notFound(recordNotFoundMessage);
  }
  const rows = await db
    .select()
    .from(recordPictures)
    .where(and(eq(recordPictures.recordId, recordId), eq(recordPictures.display, true)))
    .orderBy(asc(recordPictures.sort), asc(recordPictures.id));
  if (rows.length === 0) {
    const [record] = await db.select({ id: records.id }).from(records).where(eq(records.id, recordId));
    if (!record) throw AppError.notFound(recordNotFoundMessage);
  }
  return rows.map(toRecordPicture);
}
