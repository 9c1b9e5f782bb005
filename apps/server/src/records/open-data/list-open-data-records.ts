import { demoRecordsNotice, type OpenDataRecord, type OpenDataRecords } from '@pest/contracts';
import { and, asc, count, gt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { toRecordDetail } from '../record-mappers';
import { records } from '../schema';
import { isPublishedRecord } from '../services/record-visibility';
import type { OpenDataSource } from './open-data-source';

/** Records read by one statement of an export (decision 0422). */
const recordsPerBatch = 500;

/**
 * Every published record as the public reads it on its page (a draft is staff's only, decision
 * 0250), oldest first, with its page's absolute address under `publicUrl`: the head from one
 * aggregate, the rows a keyset batch at a time, so the export never holds them all (decision 0422).
 */
export async function openDataRecordsSource(
  db: Executor,
  publicUrl: string,
): Promise<OpenDataSource<OpenDataRecords['data'], OpenDataRecord>> {
  const [head] = await db
    .select({
      total: count(),
      updated: max(records.updatedAt),
      demo: sql<boolean>`coalesce(bool_or(${records.demo}), false)`,
      // With the count and the latest change, any record coming, going or changing changes this.
      ids: sql<string>`coalesce(sum(${records.id}), 0)::text`,
    })
    .from(records)
    .where(isPublishedRecord);
  const total = head?.total ?? 0;
  const updated = head?.updated ? new Date(head.updated) : null;
  return {
    version: `records:${total}:${updated?.toISOString() ?? ''}:${head?.ids ?? 0}:${publicUrl}`,
    fileName: (format) => `records.${format}`,
    lastModified: updated,
    head: {
      title: '病蟲害資料',
      updatedAt: updated?.toISOString() ?? null,
      count: total,
      demoNotice: head?.demo ? demoRecordsNotice : null,
    },
    async *rows() {
      let after = 0;
      for (;;) {
        const rows = await db
          .select()
          .from(records)
          .where(and(isPublishedRecord, gt(records.id, after)))
          .orderBy(asc(records.id))
          .limit(recordsPerBatch);
        if (rows.length === 0) return;
        yield rows.map((row) => {
          const { layout: _layout, drug1: _drug1, drug2: _drug2, state: _state, ...detail } = toRecordDetail(row);
          return { ...detail, url: `${publicUrl}/search/bug/detail?id=${row.id}` };
        });
        after = rows.at(-1)!.id;
      }
    },
  };
}
