import type { PesticideChangeRow } from '@pest/contracts';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, max, min, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { pesticideImports, pesticideUses } from '../schema';
import type { CurrentUse } from './plan-pesticide-changes';

/**
 * Serialises everything that reads or changes which pesticide rows are current — previews (which
 * record the data they were computed against), applies and rollbacks — across every server
 * process, until the transaction ends.
 */
export async function lockPesticideData(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('pesticide-data', 0))`);
}

/** The import whose data the site shows: the applied one applied last. */
export async function findCurrentImport(db: Executor) {
  const [current] = await db
    .select()
    .from(pesticideImports)
    .where(and(eq(pesticideImports.status, 'applied'), isNotNull(pesticideImports.sequence)))
    .orderBy(desc(pesticideImports.sequence))
    .limit(1);
  return current ?? null;
}

/** Only rows no import has replaced or removed are on the site. */
export const isCurrentUse = isNull(pesticideUses.removedByImportId);

/** The rows on the site, in source order. */
export async function listCurrentUses(db: Executor): Promise<CurrentUse[]> {
  const rows = await db
    .select()
    .from(pesticideUses)
    .where(isCurrentUse)
    .orderBy(sql`${pesticideUses.sourceRow} NULLS LAST`, asc(pesticideUses.id));
  return rows.map((row) => ({ id: row.id, rowKey: row.rowKey, ...toChangeRow(row) }));
}

/** Ids read by one statement of listCurrentUsesInPages. */
const idsPerPage = 100;

/**
 * The rows on the site, in id order, read a range of ids at a time, each page its own short statement:
 * on the embedded database one statement holds the only connection (and the thread) while it runs,
 * and reading 40,000 rows at once held it for about 1.5 s (decision 0350). The pages are not one
 * snapshot: the caller compares `dataVersion` before and after, under the lock.
 */
export async function listCurrentUsesInPages(db: Executor): Promise<CurrentUse[]> {
  const [bounds] = await db.select({ first: min(pesticideUses.id), last: max(pesticideUses.id) }).from(pesticideUses);
  const uses: CurrentUse[] = [];
  if (bounds?.first == null || bounds.last == null) return uses;
  // Ranges of ids, the rows kept for a rollback left out here: with only the primary key in the
  // condition each range is found by it, however stale the planner's statistics are (the embedded
  // database never refreshes them itself; with `removed_by_import_id IS NULL` it scanned a whole
  // partial index for every page).
  for (let from = bounds.first; from <= bounds.last; from += idsPerPage) {
    const rows = await db
      .select()
      .from(pesticideUses)
      .where(and(gte(pesticideUses.id, from), lt(pesticideUses.id, from + idsPerPage)));
    for (const row of rows) {
      if (row.removedByImportId === null) uses.push({ id: row.id, rowKey: row.rowKey, ...toChangeRow(row) });
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // In id order: the planner sorts what it needs (a sort of 40,000 rows here would hold the thread for tens of ms).
  return uses;
}

/**
 * Changes whenever the rows on the site change: every apply takes a higher sequence and every
 * rollback adds a rolled-back import, and nothing else changes them. Read under the lock.
 */
export async function dataVersion(db: Executor): Promise<string> {
  const [row] = await db
    .select({
      sequence: max(pesticideImports.sequence),
      rolledBack: sql<number>`${count()} FILTER (WHERE ${pesticideImports.status} = 'rolled-back')`.mapWith(Number),
    })
    .from(pesticideImports);
  return `${row?.sequence ?? 0}:${row?.rolledBack ?? 0}`;
}

type UseColumns = Omit<typeof pesticideUses.$inferSelect, 'id' | 'rowKey' | 'importId' | 'removedByImportId'>;

/** A stored row's fields as previews, exports and the history show them. */
export function toChangeRow(row: UseColumns): PesticideChangeRow {
  return {
    sourceRow: row.sourceRow,
    plant: row.plant,
    bugname: row.bugname,
    cname: row.cname,
    amount: row.amount,
    typecode: row.typecode,
    useA: row.useA,
    useR: row.useR,
    useP: row.useP,
    useT: row.useT,
    usecount: row.usecount,
    safe: row.safe,
    method: row.method,
    notice: row.notice,
    note: row.note,
    approvedOn: row.approvedOn,
    registrant: row.registrant,
    moa: row.moa,
  };
}
