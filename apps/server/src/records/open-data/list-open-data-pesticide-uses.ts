import {
  pesticideSampleNotice,
  pesticideUseNotice,
  type OpenDataPesticideUse,
  type OpenDataPesticideUses,
} from '@pest/contracts';
import { and, count, gte, inArray, lt, max, min } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { dataVersion, isCurrentUse } from '../pesticides/pesticide-data-state';
import { toPesticideEntry } from '../record-mappers';
import { pesticideUses } from '../schema';
import { getPesticideSource } from '../services/get-pesticide-source';
import type { OpenDataSource } from './open-data-source';

/** Rows read by one statement of the pesticide export (decision 0422). */
export const pesticideUsesPerBatch = 1_000;
/** Ids whose order keys one statement reads. */
const idsPerOrderPage = 20_000;

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The ids of the rows on the site in source order (source row, rows without one last, then id),
 * read a range of primary keys at a time and sorted here: no index serves that order, and sorting
 * every current row in the database for each batch would cost as much as the file. Two numbers a
 * row (4 MB at 500,000 rows) instead of the rows themselves.
 */
async function currentUsesInSourceOrder(db: Executor): Promise<Int32Array> {
  const [bounds] = await db.select({ first: min(pesticideUses.id), last: max(pesticideUses.id) }).from(pesticideUses);
  const ids: number[] = [];
  const keys: number[] = [];
  if (bounds?.first == null || bounds.last == null) return new Int32Array();
  for (let from = bounds.first; from <= bounds.last; from += idsPerOrderPage) {
    // Only the primary key in the condition, as listCurrentUsesInPages explains (decision 0350).
    const rows = await db
      .select({ id: pesticideUses.id, sourceRow: pesticideUses.sourceRow, removed: pesticideUses.removedByImportId })
      .from(pesticideUses)
      .where(and(gte(pesticideUses.id, from), lt(pesticideUses.id, from + idsPerOrderPage)));
    for (const row of rows) {
      if (row.removed !== null) continue;
      ids.push(row.id);
      keys.push(row.sourceRow ?? Number.POSITIVE_INFINITY);
    }
    await pause();
  }
  const order = Uint32Array.from(ids.keys()).sort((a, b) => keys[a]! - keys[b]! || ids[a]! - ids[b]!);
  return Int32Array.from(order, (index) => ids[index]!);
}

/**
 * The registered uses on the site (not a preview, not a replaced row), in source order, with their
 * source and date: the head at once, the rows a batch of ids at a time while the file is written.
 */
export async function openDataPesticideUsesSource(
  db: Executor,
): Promise<OpenDataSource<OpenDataPesticideUses['data'], OpenDataPesticideUse>> {
  const [source, version, [current]] = await Promise.all([
    getPesticideSource(db),
    dataVersion(db),
    db.select({ total: count() }).from(pesticideUses).where(isCurrentUse),
  ]);
  const total = current?.total ?? 0;
  return {
    version: `pesticide-uses:${version}:${total}:${source.importedAt ?? ''}`,
    fileName: (format) => `pesticide-uses${source.snapshotDate ? `_${source.snapshotDate}` : ''}.${format}`,
    lastModified: source.importedAt ? new Date(source.importedAt) : null,
    head: {
      title: '農藥登記使用範圍',
      ...source,
      notice: source.sample ? `${pesticideSampleNotice}${pesticideUseNotice}` : pesticideUseNotice,
      count: total,
    },
    async *rows() {
      const order = await currentUsesInSourceOrder(db);
      for (let start = 0; start < order.length; start += pesticideUsesPerBatch) {
        const ids = [...order.subarray(start, start + pesticideUsesPerBatch)];
        const rows = await db.select().from(pesticideUses).where(inArray(pesticideUses.id, ids));
        const byId = new Map(rows.map((row) => [row.id, row]));
        yield ids.flatMap((id) => {
          const row = byId.get(id);
          return row ? [{ ...toPesticideEntry(row), plant: row.plant, sourceRow: row.sourceRow }] : [];
        });
        await pause();
      }
    },
  };
}
