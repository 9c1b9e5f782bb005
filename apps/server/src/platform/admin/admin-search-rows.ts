import { and, asc, eq, getTableColumns, getTableName, gt, inArray, isNull, sql, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../database/database';
import type { AdminSearchTable } from './admin-list-search';
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

/** A big table an admin list searches, and the search table its rows are written into (decision 0441). */
export interface AdminSearchSource {
  table: PgTable;
  id: PgColumn;
  /** The columns searched, each a line of the entry. */
  texts: readonly PgColumn[];
  search: AdminSearchTable;
}

/**
 * Writes search rows: for the given ids (a save, in its transaction), or `'missing'` for every row
 * that has none yet, a batch at a time in id order (the start hook's backfill after migration 0042,
 * and a repair for a write that forgot). A backfill leaves a row a save wrote meanwhile: it holds the
 * newer text. Returns how many rows it wrote.
 */
export async function refreshAdminSearchRows(
  db: Executor,
  which: readonly number[] | 'missing',
  source: AdminSearchSource,
): Promise<number> {
  if (which !== 'missing' && which.length === 0) return 0;
  const { search } = source;
  const columns = getTableColumns(search.table);
  const keyOf = (column: Column) => Object.keys(columns).find((key) => columns[key] === column) as string;
  const [rowIdKey, textKeyKey, gramsKey] = [keyOf(search.rowId), keyOf(search.textKey), keyOf(search.grams)];
  const texts = Object.fromEntries(source.texts.map((column, index) => [`text${index}`, column]));
  const read = (after: number) =>
    db
      .select({ id: source.id, ...texts })
      .from(source.table)
      .leftJoin(search.table, eq(search.rowId, source.id))
      .where(which === 'missing' ? and(isNull(search.rowId), gt(source.id, after)) : inArray(source.id, [...which]))
      .orderBy(asc(source.id))
      .limit(which === 'missing' ? batchSize : which.length) as Promise<Array<Record<string, unknown>>>;
  let written = 0;
  // From the last id written: restarting from the first would step over every row already filled.
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return written;
    const values = rows.map((row) => {
      const entry = adminSearchEntry(source.texts.map((_, index) => row[`text${index}`] as string | null));
      return { [rowIdKey]: row.id, [textKeyKey]: entry.textKey, [gramsKey]: entry.grams };
    });
    const insert = db.insert(search.table).values(values);
    await (which === 'missing'
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: search.rowId as PgColumn,
          set: {
            [textKeyKey]: sql`excluded.${sql.identifier(search.textKey.name)}`,
            [gramsKey]: sql`excluded.${sql.identifier(search.grams.name)}`,
          },
        }));
    written += rows.length;
    if (which !== 'missing') return written;
    after = rows.at(-1)!.id as number;
  }
}

/**
 * The start hook's part (decision 0441): the search rows of rows saved before migration 0042 (or by a
 * write that forgot), then the search table's statistics once. Run it under the start-up lock.
 */
export async function fillAdminSearchRows(db: Executor, source: AdminSearchSource): Promise<number> {
  const written = await refreshAdminSearchRows(db, 'missing', source);
  await analyseSearchTableOnce(db, source.search.table);
  return written;
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
