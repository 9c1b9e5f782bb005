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
