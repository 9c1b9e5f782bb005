import type { RecordDetail } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { toRecordDetail } from '../record-mappers';
import { records } from '../schema';
import { isPublishedRecord, type RecordReadOptions } from './record-visibility';

export const recordNotFoundMessage = '找不到這筆病蟲害資料';

/**
 * One record with every field of the record (views are counted apart: RecordViewCounter). A draft is
 * "not found" unless staff preview it.
 */
export async function getRecordDetail(
  db: Executor,
  id: number,
  options: RecordReadOptions = {},
): Promise<RecordDetail> {
  // Ids outside PostgreSQL's integer range cannot exist; asking for them would be a 500.
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw AppError.notFound(recordNotFoundMessage);
  const [row] = await db
    .select()
    .from(records)
    .where(and(eq(records.id, id), options.includeDrafts ? undefined : isPublishedRecord));
  if (!row) throw AppError.notFound(recordNotFoundMessage);
  return toRecordDetail(row);
}
