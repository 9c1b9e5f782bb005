import type { RecordSummary } from '@pest/contracts';
import { asc, desc } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { listRecordSummaries } from './list-record-summaries';
import { isPublishedRecord } from './record-visibility';

/** The most viewed records first (views descending, then id). */
export async function listHotRecords(db: Executor, limit = 10): Promise<RecordSummary[]> {
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .where(isPublishedRecord)
    .orderBy(desc(records.views), asc(records.id))
    .limit(limit);
  return listRecordSummaries(
    db,
    rows.map((row) => row.id),
  );
}
