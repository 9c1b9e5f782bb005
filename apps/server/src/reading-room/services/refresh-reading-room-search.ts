import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets, publications, readingRoomSearch, videos, type ReadingRoomSearchKind } from '../schema';
import { readingRoomSearchEntry, readingRoomSearchKinds } from './reading-room-search-entry';

const tables = { ipm: ipmSheets, publication: publications, video: videos } as const;
type ItemTable = (typeof tables)[ReadingRoomSearchKind];

interface ItemText {
  id: number;
  title: string;
  detail: string;
  category: string | null;
}

/** The searchable text of a kind's items that `where` picks, each joined to its search row if any. */
async function selectItems(
  db: Executor,
  kind: ReadingRoomSearchKind,
  where: (table: ItemTable) => SQL | undefined,
  limit = 1_000_000,
): Promise<ItemText[]> {
  const table: ItemTable = tables[kind];
  const joined = and(eq(readingRoomSearch.kind, kind), eq(readingRoomSearch.itemId, table.id));
  if (kind === 'ipm') {
    return db
      .select({ id: ipmSheets.id, title: ipmSheets.title, detail: ipmSheets.detail, category: ipmSheets.category })
      .from(ipmSheets)
      .leftJoin(readingRoomSearch, joined)
      .where(where(ipmSheets))
      .limit(limit);
  }
  const rows = await db
    .select({ id: table.id, title: table.title, detail: table.detail })
    .from(table)
    .leftJoin(readingRoomSearch, joined)
    .where(where(table))
    .limit(limit);
  return rows.map((row) => ({ ...row, category: null }));
}

/**
 * Writes the search rows of the given items from their current text. A write that changes an item's
 * title, category or summary calls it in the same transaction, with the item's `updated_at` set; the
 * seeds call it for everything they wrote (`ids` omitted: every item of the kind).
 */
export async function refreshReadingRoomSearch(
  tx: Executor,
  kind: ReadingRoomSearchKind,
  ids?: readonly number[],
): Promise<void> {
  if (ids?.length === 0) return;
  const rows = await selectItems(tx, kind, (table) => (ids ? inArray(table.id, [...ids]) : undefined));
  await writeRows(tx, kind, rows);
}

/**
 * Gives every item without a current search row its row: items written before migration 0013, or
 * changed (a later `updated_at`) by a write that did not refresh it. Returns how many it wrote.
 */
export async function refreshStaleReadingRoomSearch(db: Executor, batchSize = 500): Promise<number> {
  let written = 0;
  for (const kind of readingRoomSearchKinds) {
    for (;;) {
      const rows = await selectItems(
        db,
        kind,
        (table) => or(isNull(readingRoomSearch.itemId), ne(readingRoomSearch.sourceUpdatedAt, table.updatedAt)),
        batchSize,
      );
      if (rows.length === 0) break;
      await writeRows(db, kind, rows);
      written += rows.length;
    }
  }
  return written;
}

async function writeRows(tx: Executor, kind: ReadingRoomSearchKind, rows: readonly ItemText[]) {
  if (rows.length === 0) return;
  const table: ItemTable = tables[kind];
  await tx
    .insert(readingRoomSearch)
    .values(rows.map((row) => ({ kind, itemId: row.id, sourceUpdatedAt: new Date(0), ...readingRoomSearchEntry(row) })))
    .onConflictDoUpdate({
      target: [readingRoomSearch.kind, readingRoomSearch.itemId],
      set: { nameKey: sql`excluded.name_key`, bodyKey: sql`excluded.body_key`, grams: sql`excluded.grams` },
    });
  // Copied in the database: a JavaScript Date drops the microseconds, and the row would look stale for ever.
  await tx
    .update(readingRoomSearch)
    .set({ sourceUpdatedAt: sql`${table.updatedAt}` })
    .from(table)
    .where(
      and(
        eq(readingRoomSearch.kind, kind),
        eq(readingRoomSearch.itemId, table.id),
        inArray(
          readingRoomSearch.itemId,
          rows.map((row) => row.id),
        ),
      ),
    );
}
