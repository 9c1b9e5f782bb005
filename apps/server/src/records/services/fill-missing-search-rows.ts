import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records, recordSearch } from '../schema';
import { recordSearchRow } from './create-record';
import { isPublishedRecord } from './record-visibility';

const batchSize = 500;

/**
 * Gives every record without a search row its row. Records always get theirs when written; this
 * fills in the ones written before the search table existed (a database upgraded by migration
 * 0004), so an upgraded site finds everything it found before. Returns how many it filled.
 */
export async function fillMissingSearchRows(db: Executor): Promise<number> {
  let filled = 0;
  for (;;) {
    const missing = await db
      .select({
        id: records.id,
        type: records.type,
        cName: records.cName,
        eName: records.eName,
        name: records.name,
        aliases: records.aliases,
        property: records.property,
        life: records.life,
        distribute: records.distribute,
        harm: records.harm,
        harmPart: records.harmPart,
        harmDetail: records.harmDetail,
        control: records.control,
        liter: records.liter,
      })
      .from(records)
      .leftJoin(recordSearch, eq(recordSearch.recordId, records.id))
      .where(and(isNull(recordSearch.recordId), isPublishedRecord))
      .orderBy(asc(records.id))
      .limit(batchSize);
    if (missing.length === 0) return filled;
    await db
      .insert(recordSearch)
      .values(missing.map((row) => ({ ...recordSearchRow(row), recordId: row.id })))
      .onConflictDoNothing();
    filled += missing.length;
  }
}
