import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import type { FileStorage } from '../storage/file-storage';
import { photoVariants } from './photo-variants';
import { incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';

/** How long a received file may wait for a form to attach it. */
export const pendingLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * The periodic cleanup: files never attached within 24 hours (pending, processing or failed) are
 * forgotten, and their bytes removed when no other row names the same sha256. Each sha256 is
 * handled under the advisory lock receiveUploads takes, so bytes are never removed while a new
 * row for them is being added. Returns the number of rows removed.
 */
export async function removeStaleUploads(db: Database, storage: FileStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - pendingLifetimeMs);
  const stale = await db
    .selectDistinct({ sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(and(isNull(storedFiles.attachedAt), lt(storedFiles.createdAt, cutoff)));
  let removed = 0;
  for (const { sha256 } of stale) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`);
      const deleted = await tx
        .delete(storedFiles)
        .where(and(eq(storedFiles.sha256, sha256), isNull(storedFiles.attachedAt), lt(storedFiles.createdAt, cutoff)))
        .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
      removed += deleted.length;
      const [left] = await tx.select({ rows: count() }).from(storedFiles).where(eq(storedFiles.sha256, sha256));
      if ((left?.rows ?? 0) > 0) return;
      // Inside the lock: an upload of the same bytes waits, then finds them gone and stores them again.
      for (const variant of photoVariants) await storage.remove(storedFileKey(sha256, variant));
      await storage.remove(incomingFileKey(sha256));
      // A document's bytes are under its own key (its extension).
      for (const key of new Set(deleted.map((row) => row.storageKey))) await storage.remove(key);
    });
  }
  return removed;
}
