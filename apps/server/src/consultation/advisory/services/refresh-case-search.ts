import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/database/database';
import { consultationCases, consultationCaseSearch } from '../../schema';
import { caseSearchEntry } from '../case-search-entry';

const searchableColumns = {
  id: consultationCases.id,
  cropName: consultationCases.cropName,
  countyName: consultationCases.countyName,
  townshipName: consultationCases.townshipName,
  description: consultationCases.description,
  replyHtml: consultationCases.replyHtml,
  updatedAt: consultationCases.updatedAt,
};

/**
 * Writes the search rows of the given cases from their current text. Every write that changes a
 * case's crop, place, description or reply calls it in the same transaction (the expert desk on
 * reply); the start hook catches up rows written before (`refreshStaleCaseSearch`).
 */
export async function refreshCaseSearch(tx: Executor, caseIds: readonly number[]): Promise<void> {
  if (caseIds.length === 0) return;
  const rows = await tx
    .select(searchableColumns)
    .from(consultationCases)
    .where(inArray(consultationCases.id, [...caseIds]));
  await writeRows(tx, rows);
}

/**
 * Gives every case without a current search row its row: cases written before migration 0011, or
 * changed (a later `updated_at`) by a write that did not refresh it. Returns how many it wrote.
 */
export async function refreshStaleCaseSearch(db: Executor, batchSize = 500): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await db
      .select(searchableColumns)
      .from(consultationCases)
      .leftJoin(consultationCaseSearch, eq(consultationCaseSearch.caseId, consultationCases.id))
      .where(
        and(
          ne(consultationCases.status, 'receiving'),
          or(
            isNull(consultationCaseSearch.caseId),
            ne(consultationCaseSearch.sourceUpdatedAt, consultationCases.updatedAt),
          ),
        ),
      )
      .limit(batchSize);
    if (rows.length === 0) return written;
    await writeRows(db, rows);
    written += rows.length;
  }
}

async function writeRows(
  tx: Executor,
  rows: Array<{ id: number; updatedAt: Date } & Parameters<typeof caseSearchEntry>[0]>,
) {
  if (rows.length === 0) return;
  await tx
    .insert(consultationCaseSearch)
    .values(rows.map((row) => ({ caseId: row.id, sourceUpdatedAt: row.updatedAt, ...caseSearchEntry(row) })))
    .onConflictDoUpdate({
      target: consultationCaseSearch.caseId,
      set: {
        cropKey: sql`excluded.crop_key`,
        nameKey: sql`excluded.name_key`,
        bodyKey: sql`excluded.body_key`,
        grams: sql`excluded.grams`,
      },
    });
  // Copied in the database: a JavaScript Date drops the microseconds, and the row would look stale for ever.
  await tx
    .update(consultationCaseSearch)
    .set({ sourceUpdatedAt: sql`${consultationCases.updatedAt}` })
    .from(consultationCases)
    .where(
      and(
        eq(consultationCases.id, consultationCaseSearch.caseId),
        inArray(
          consultationCaseSearch.caseId,
          rows.map((row) => row.id),
        ),
      ),
    );
}
