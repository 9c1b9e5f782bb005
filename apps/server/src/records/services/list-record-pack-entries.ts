import { layoutFor, type DiseaseClass, type RecordLayout, type RecordType } from '@pest/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';

export interface RecordPackEntry {
  id: number;
  layout: RecordLayout;
  updatedAt: Date;
}

/**
 * The published records among these ids, with their layout (which tabs a saved crop keeps) and
 * their last change (the pack's date and version, decision 0390).
 */
export async function listRecordPackEntries(db: Executor, ids: readonly number[]): Promise<RecordPackEntry[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: records.id, type: records.type, diseaseClass: records.diseaseClass, updatedAt: records.updatedAt })
    .from(records)
    .where(and(inArray(records.id, unique), eq(records.state, 'published')))
    .orderBy(asc(records.id));
  return rows.map((row) => ({
    id: row.id,
    layout: layoutFor({ type: row.type as RecordType, diseaseClass: row.diseaseClass as DiseaseClass | null }),
    updatedAt: row.updatedAt,
  }));
}
