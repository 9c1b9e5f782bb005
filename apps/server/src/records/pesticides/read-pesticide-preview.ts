import { pesticideImportMessages } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { detachFiles } from '../../platform/uploads/detach-files';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { pesticideImportChanges, pesticideImports } from '../schema';
import { parsePesticideFile, PesticideFileError } from './parse-pesticide-csv';
import { toPesticideChangeRows } from './pesticide-change-rows';
import { dataVersion, findCurrentImport, listCurrentUsesInPages, lockPesticideData } from './pesticide-data-state';
import { planPesticideChanges } from './plan-pesticide-changes';

/**
 * Each short transaction of change rows aims at about this long: the rows per transaction double
 * while one takes less than half of it and halve when one takes more than twice it (within the
 * bounds below). On the embedded database a transaction holds the only connection and the thread,
 * and each commit is written to disk; on PostgreSQL they are cheap, and the batches grow.
 */
const batchTargetMs = 25;
const firstBatchRows = 100;
const minBatchRows = 25;
const maxBatchRows = 2000;
/** The progress on the import row is written at most this often while the file is read. */
const progressEveryMs = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The background half of an editor's import (job `records.read-pesticide-preview`, decision 0350):
 * streams the uploaded file from FileStorage, parses and checks it, recording the rows and bytes
 * read on the import as it goes, reads the rows on the site a page at a time, compares, and writes
 * the change list in small batches — each statement or transaction short, so the embedded
 * database's one connection serves other requests in between — then makes the import `pending`.
 * A file that cannot be read makes it `failed` with the reason in Chinese. It does nothing unless
 * the import is `reading`, and a retry starts the change list afresh: running it twice is harmless.
 * `lastAttempt`: no retry follows, so any failure is recorded on the import for the editor.
 */
export async function readPesticidePreview(
  db: Database,
  storage: FileStorage,
  importId: number,
  options: { lastAttempt: boolean },
): Promise<void> {
  const [found] = await db.select().from(pesticideImports).where(eq(pesticideImports.id, importId)).limit(1);
  if (found?.status !== 'reading') return;
  const stillReading = and(eq(pesticideImports.id, importId), eq(pesticideImports.status, 'reading'));
  try {
    const [file] = found.fileId
      ? await db.select().from(storedFiles).where(eq(storedFiles.id, found.fileId)).limit(1)
      : [];
    if (!file) throw new PesticideFileError('找不到上傳的檔案，請重新上傳');
    // What an earlier, interrupted try wrote.
    await db.delete(pesticideImportChanges).where(eq(pesticideImportChanges.importId, importId));

    // The first progress at once (the screen shows the job has started), then every half second.
    let lastWrite = -Infinity;
    const parsed = await parsePesticideFile(storage.read(file.storageKey), {
      onProgress: async (rowsRead, bytesRead) => {
        if (performance.now() - lastWrite < progressEveryMs) return;
        lastWrite = performance.now();
        await db.update(pesticideImports).set({ rowsRead, bytesRead }).where(stillReading);
      },
    });
    if (parsed.accepted.length === 0) throw new PesticideFileError(pesticideImportMessages.noRows);
    const rowsRead = parsed.accepted.length + parsed.rejected.length;
    await db.update(pesticideImports).set({ rowsRead, bytesRead: file.size }).where(stillReading);

    // The data compared against: its import and version taken under the lock, its rows read in pages.
    const before = await db.transaction(async (tx) => {
      await lockPesticideData(tx);
      return { current: await findCurrentImport(tx), version: await dataVersion(tx) };
    });
    const currentUses = await listCurrentUsesInPages(db);
    const plan = await planPesticideChanges(currentUses, parsed.accepted, found.mode);
    const changes = toPesticideChangeRows(importId, plan, parsed.rejected);
    let batchRows = firstBatchRows;
    for (let start = 0; start < changes.length;) {
      const batch = changes.slice(start, start + batchRows);
      const began = performance.now();
      const written = await db.transaction(async (tx) => {
        // Locks the import's row: a cancel waits for this batch, and no batch follows a cancel.
        const [still] = await tx
          .update(pesticideImports)
          .set({ rowsRead })
          .where(stillReading)
          .returning({ id: pesticideImports.id });
        if (!still) return false;
        await tx.insert(pesticideImportChanges).values(batch);
        return true;
      });
      if (!written) return;
      start += batch.length;
      const took = performance.now() - began;
      if (took < batchTargetMs / 2) batchRows = Math.min(batchRows * 2, maxBatchRows);
      else if (took > batchTargetMs * 2) batchRows = Math.max(Math.floor(batchRows / 2), minBatchRows);
      await nextTurn();
    }

    await db.transaction(async (tx) => {
      await lockPesticideData(tx);
      if ((await dataVersion(tx)) !== before.version) {
        await fail(tx, found, pesticideImportMessages.changedWhileReading);
        return;
      }
      await tx
        .update(pesticideImports)
        .set({
          status: 'pending',
          baseImportId: before.current?.id ?? null,
          accepted: parsed.accepted.length,
          rejected: parsed.rejected.length,
          inserted: plan.added.length,
          changed: plan.changed.length,
          removed: plan.removed.length,
          unchanged: plan.unchanged,
        })
        .where(stillReading);
    });
  } catch (error) {
    if (!(error instanceof PesticideFileError) && !options.lastAttempt) throw error;
    const message = error instanceof PesticideFileError ? error.message : pesticideImportMessages.readingFailed;
    await db.transaction((tx) => fail(tx, found, message));
    if (!(error instanceof PesticideFileError)) throw error;
  }
}

/** The import can't be previewed: the reason kept for its screen, its changes dropped, its file back to the cleanup. */
async function fail(tx: Executor, found: typeof pesticideImports.$inferSelect, message: string): Promise<void> {
  const [failed] = await tx
    .update(pesticideImports)
    .set({ status: 'failed', error: message })
    .where(and(eq(pesticideImports.id, found.id), eq(pesticideImports.status, 'reading')))
    .returning({ id: pesticideImports.id });
  if (!failed) return;
  await tx.delete(pesticideImportChanges).where(eq(pesticideImportChanges.importId, found.id));
  if (found.fileId) await detachFiles(tx, [found.fileId]);
}
