import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../database/database';
import { asLines, normaliseLines, searchGrams } from '../search/search-grams';

/** What a big table's search row holds for the texts its admin list searches (decision 0441). */
export interface AdminSearchEntry {
  /** The normalised texts, one per line with a line break before and after each. */
  textKey: string;
  /** Every one- to three-character run of each line, as name grams (a single character is a search too). */
  grams: string[];
}

/**
 * The search entry of a row's texts: each text normalised (`normaliseSearchText`) on a line of its
 * own, so a keyword never matches across two columns, and its grams for the GIN index.
 */
export function adminSearchEntry(texts: ReadonlyArray<string | null | undefined>): AdminSearchEntry {
  const lines = normaliseLines(texts.map((text) => text ?? ''));
  return { textKey: asLines(lines), grams: searchGrams({ names: lines, body: [] }) };
}

const batchSize = 500;

/**
 * Writes search rows: for the given ids (a save, in its transaction), or `'missing'` for every row
 * that has none yet, a batch at a time in id order (the start hook's backfill after migration 0042,
 * and a repair for a write that forgot). `read(limit, after)` reads the source rows with ids above
 * `after`, in id order; `write` upserts their entries. Returns how many rows it wrote.
 */
export async function writeAdminSearchRows<Row extends { id: number }>(
  which: readonly number[] | 'missing',
  read: (limit: number, after: number) => Promise<Row[]>,
  write: (rows: Row[]) => Promise<void>,
): Promise<number> {
  if (which !== 'missing') {
    if (which.length === 0) return 0;
    const rows = await read(which.length, 0);
    if (rows.length > 0) await write(rows);
    return rows.length;
  }
  let written = 0;
  // From the last id written: restarting from the first would step over every row already filled.
  let after = 0;
  for (;;) {
    const rows = await read(batchSize, after);
    if (rows.length === 0) return written;
    await write(rows);
    written += rows.length;
    after = rows.at(-1)!.id;
  }
}

/** A search table's statistics are gathered once it holds this many rows. */
const rowsForStatistics = 1_000;

/**
 * Gathers a search table's statistics (`ANALYZE`) the first time it holds enough rows, under the
 * start hook. The embedded database runs no autovacuum (decision 0433): without statistics of the
 * grams the planner reads every match of a frequent term (`example.org` among 100,000 members:
 * 380 ms, 84 ms with them, decision 0441). Proportions of grams change slowly, so once is enough.
 */
export async function analyseSearchTableOnce(db: Executor, table: PgTable): Promise<boolean> {
  const name = getTableName(table);
  const known = await db.execute(sql`select 1 from pg_stats where tablename = ${name} and attname = 'grams' limit 1`);
  if (rowsOf(known).length > 0) return false;
  const counted = await db.execute(
    sql`select count(*)::int as rows from (select 1 from ${table} limit ${rowsForStatistics}) as sample`,
  );
  if (Number(rowsOf(counted)[0]?.rows ?? 0) < rowsForStatistics) return false;
  await db.execute(sql`analyze ${table}`);
  return true;
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}
