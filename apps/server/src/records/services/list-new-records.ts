import type { RecordSummary } from '@pest/contracts';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { listRecordSummaries } from './list-record-summaries';
import { isPublishedRecord } from './record-visibility';

/** The newest records first (created_at, then id, descending). */
export async function listNewRecords(db: Executor, limit = 10): Promise<RecordSummary[]> {
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .where(isPublishedRecord)
    .orderBy(desc(records.createdAt), desc(records.id))
    .limit(limit);
  return listRecordSummaries(
    db,
    rows.map((row) => row.id),
  );
}
