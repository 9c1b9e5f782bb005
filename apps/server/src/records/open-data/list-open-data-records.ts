import { demoRecordsNotice, type OpenDataRecords } from '@pest/contracts';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { toRecordDetail } from '../record-mappers';
import { records } from '../schema';
import { isPublishedRecord } from '../services/record-visibility';

/**
 * Every published record as the public reads it on its page (a draft is staff's only, decision
 * 0250), oldest first, with its page's absolute address under `publicUrl`.
 */
export async function listOpenDataRecords(db: Executor, publicUrl: string): Promise<OpenDataRecords['data']> {
  const rows = await db.select().from(records).where(isPublishedRecord).orderBy(asc(records.id));
  const items = rows.map((row) => {
    const { layout: _layout, drug1: _drug1, drug2: _drug2, state: _state, ...detail } = toRecordDetail(row);
    return { ...detail, url: `${publicUrl}/search/bug/detail?id=${row.id}` };
  });
  const updated = rows.reduce<Date | null>(
    (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
    null,
  );
  return {
    title: '病蟲害資料',
    updatedAt: updated?.toISOString() ?? null,
    count: items.length,
    demoNotice: items.some((item) => item.demo) ? demoRecordsNotice : null,
    items,
  };
}
