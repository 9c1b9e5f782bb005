import type { RecordPicture } from '@pest/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { toRecordPicture } from '../record-mappers';
import { recordPictures, records } from '../schema';
import { recordNotFoundMessage } from './get-record-detail';
import { isPublishedRecord, type RecordReadOptions } from './record-visibility';

/**
 * The displayed pictures of a record (every class), in their sort order; a draft's only for staff
 * previewing it. An upload converted in the background (BMP) learns its size when the conversion
 * ends, so the size is read from its stored file.
 */
export async function listRecordPictures(
  db: Executor,
  recordId: number,
  options: RecordReadOptions = {},
): Promise<RecordPicture[]> {
  if (!Number.isInteger(recordId) || recordId < 1 || recordId > 2_147_483_647) {
    throw AppError.notFound(recordNotFoundMessage);
  }
  const visible = options.includeDrafts ? undefined : isPublishedRecord;
  const rows = await db
    .select({
      picture: recordPictures,
      width: sql<number>`coalesce(${storedFiles.width}, ${recordPictures.width})`.mapWith(Number),
      height: sql<number>`coalesce(${storedFiles.height}, ${recordPictures.height})`.mapWith(Number),
    })
    .from(recordPictures)
    .innerJoin(records, eq(records.id, recordPictures.recordId))
    .leftJoin(storedFiles, eq(storedFiles.id, recordPictures.storedFileId))
    .where(and(eq(recordPictures.recordId, recordId), eq(recordPictures.display, true), visible))
    .orderBy(asc(recordPictures.sort), asc(recordPictures.id));
  if (rows.length === 0) {
    const [record] = await db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.id, recordId), visible));
    if (!record) throw AppError.notFound(recordNotFoundMessage);
  }
  return rows.map((row) => toRecordPicture({ ...row.picture, width: row.width, height: row.height }));
}
