import { demoRecordsNotice, type OpenDataRecords } from '@pest/contracts';
import { asc } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { toRecordDetail } from '../record-mappers';
import { records } from '../schema';

/**
 * Every record as the public reads it on its page (every record is public: there is no draft
 * state yet), oldest first, with its page's absolute address under `publicUrl`.
 */
export async function listOpenDataRecords(db: Executor, publicUrl: string): Promise<OpenDataRecords['data']> {
  const rows = await db.select().from(records).orderBy(asc(records.id));
  const items = rows.map((row) => {
    const { layout: _layout, drug1: _drug1, drug2: _drug2, ...detail } = toRecordDetail(row);
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
