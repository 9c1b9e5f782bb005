import type { RecordSummary } from '@pest/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { toRecordSummary } from '../record-mappers';
import { records } from '../schema';
import { listRecordThumbs } from './list-record-thumbs';
import { isPublishedRecord } from './record-visibility';

export const summaryColumns = {
  id: records.id,
  cName: records.cName,
  eName: records.eName,
  name: records.name,
  type: records.type,
  diseaseClass: records.diseaseClass,
};

/** Summaries of the given published records, in the order of `ids` (unknown ids are skipped). */
export async function listRecordSummaries(db: Executor, ids: readonly number[]): Promise<RecordSummary[]> {
  if (ids.length === 0) return [];
  const [rows, thumbs] = await Promise.all([
    db
      .select(summaryColumns)
      .from(records)
      .where(and(inArray(records.id, [...ids]), isPublishedRecord)),
    listRecordThumbs(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRecordSummary(row, thumbs.get(id) ?? null)] : [];
  });
}
