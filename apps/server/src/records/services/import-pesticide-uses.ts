import { desc, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { parsePesticideCsv, type RejectedRow } from '../pesticides/parse-pesticide-csv';
import { pesticideImports, pesticideUses } from '../schema';

export interface ImportPesticideUsesInput {
  /** The file's text (UTF-8, government format). */
  csv: string;
  fileName: string;
  source: string;
  /** yyyy-MM-dd date of the source snapshot, if known. */
  snapshotDate: string | null;
  /** Also delete rows no longer in the file (for a complete new snapshot). */
  replace?: boolean;
  /** Import nothing when any row is rejected. */
  strict?: boolean;
  /** Rows per INSERT statement. */
  batchSize?: number;
}

export interface ImportPesticideUsesReport {
  /** False when nothing was written: the same data was already imported, or strict mode refused. */
  changed: boolean;
  importId: number | null;
  accepted: number;
  rejected: RejectedRow[];
  /** Accepted rows that were new. */
  inserted: number;
  /** Accepted rows already present from an earlier import. */
  unchanged: number;
  /** Rows deleted because they are no longer in the file (with `replace`). */
  removed: number;
}

/**
 * Imports a pesticide-use file in one transaction: either every accepted row is in place
 * afterwards, or (on any failure) nothing changed. Rows are matched by their natural key, so
 * importing the same file twice changes nothing at all.
 * Caches learn of it through the bound records services, which publish the change once committed.
 */
export async function importPesticideUses(
  db: Executor,
  input: ImportPesticideUsesInput,
): Promise<ImportPesticideUsesReport> {
  const parsed = parsePesticideCsv(input.csv);
  const base = { accepted: parsed.accepted.length, rejected: parsed.rejected };
  if (input.strict && parsed.rejected.length > 0) {
    return { ...base, changed: false, importId: null, inserted: 0, unchanged: 0, removed: 0 };
  }
  const batchSize = input.batchSize ?? 500;
  const report = await db.transaction(async (tx) => {
    const keys = parsed.accepted.map((use) => use.rowKey);
    const existing = new Set<string>();
    for (let start = 0; start < keys.length; start += 5000) {
      const rows = await tx
        .select({ rowKey: pesticideUses.rowKey })
        .from(pesticideUses)
        .where(inArray(pesticideUses.rowKey, keys.slice(start, start + 5000)));
      for (const row of rows) existing.add(row.rowKey);
    }
    const fresh = parsed.accepted.filter((use) => !existing.has(use.rowKey));

    let removed = 0;
    if (input.replace) {
      const inFile = new Set(keys);
      const all = await tx.select({ id: pesticideUses.id, rowKey: pesticideUses.rowKey }).from(pesticideUses);
      const stale = all.filter((row) => !inFile.has(row.rowKey));
      removed = stale.length;
      for (let start = 0; start < stale.length; start += 5000) {
        const ids = stale.slice(start, start + 5000).map((row) => row.id);
        await tx.delete(pesticideUses).where(inArray(pesticideUses.id, ids));
      }
    }

    // A run is recorded when rows changed, or when the same data now comes with a newer snapshot
    // date or another source (the page shows them); an identical re-run leaves no trace.
    const [latest] = await tx.select().from(pesticideImports).orderBy(desc(pesticideImports.id)).limit(1);
    const sameOrigin = latest?.source === input.source && latest.snapshotDate === input.snapshotDate;
    const changed = fresh.length > 0 || removed > 0 || !sameOrigin;
    let importId: number | null = null;
    if (changed) {
      const [run] = await tx
        .insert(pesticideImports)
        .values({
          source: input.source,
          snapshotDate: input.snapshotDate,
          fileName: input.fileName,
          accepted: parsed.accepted.length,
          rejected: parsed.rejected.length,
          inserted: fresh.length,
          removed,
        })
        .returning({ id: pesticideImports.id });
      importId = run?.id ?? null;
      if (importId === null) throw new Error('import run was not recorded');
      for (let start = 0; start < fresh.length; start += batchSize) {
        const runId = importId;
        await tx
          .insert(pesticideUses)
          .values(fresh.slice(start, start + batchSize).map((use) => ({ ...use, importId: runId })));
      }
    }
    return {
      changed,
      importId,
      inserted: fresh.length,
      unchanged: parsed.accepted.length - fresh.length,
      removed,
    };
  });
  return { ...base, ...report };
}
