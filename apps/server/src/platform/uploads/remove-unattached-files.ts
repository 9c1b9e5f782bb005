import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database/database';
import type { FileStorage } from '../storage/file-storage';
import { photoVariants } from './photo-variants';
import { incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';

/**
 * Forgets the unattached upload rows of each sha256 that `which` selects, and removes the bytes when no other row
 * names the same sha256. Why: decision 0114.
 */
export async function removeUnattachedFiles(
  db: Database,
  storage: FileStorage,
  hashes: Iterable<string>,
  which: SQL | undefined,
): Promise<number> {
  let removed = 0;
  for (const sha256 of new Set(hashes)) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`);
      const deleted = await tx
        .delete(storedFiles)
        .where(and(eq(storedFiles.sha256, sha256), isNull(storedFiles.attachedAt), which))
        .returning({ storageKey: storedFiles.storageKey });
      removed += deleted.length;
      const [left] = await tx.select({ rows: count() }).from(storedFiles).where(eq(storedFiles.sha256, sha256));
      if ((left?.rows ?? 0) > 0) return;
      for (const variant of photoVariants) await storage.remove(storedFileKey(sha256, variant));
      await storage.remove(incomingFileKey(sha256));
      // A document's bytes are under its own key (its extension).
      for (const key of new Set(deleted.map((row) => row.storageKey))) await storage.remove(key);
    });
  }
  return removed;
}
