import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmPdfPath } from '../file-paths';
import { ipmSheets } from '../schema';

export interface IpmSheetPackEntry {
  id: number;
  /** The PDF the sheet's page frames, and its size. */
  pdfPath: string;
  pdfBytes: number;
  updatedAt: Date;
}

/** The published IPM sheets among these ids, with their PDFs, for a saved crop (decision 0390). */
export async function listIpmSheetPackEntries(db: Executor, ids: readonly number[]): Promise<IpmSheetPackEntry[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: ipmSheets.id, pdfSize: ipmSheets.pdfSize, updatedAt: ipmSheets.updatedAt })
    .from(ipmSheets)
    .where(and(inArray(ipmSheets.id, unique), eq(ipmSheets.status, 1)))
    .orderBy(asc(ipmSheets.sort), asc(ipmSheets.id));
  return rows.map((row) => ({
    id: row.id,
    pdfPath: ipmPdfPath(row.id),
    pdfBytes: row.pdfSize,
    updatedAt: row.updatedAt,
  }));
}
