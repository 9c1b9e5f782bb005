import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import type { FileStorage } from '../storage/file-storage';
import { photoVariants } from './photo-variants';
import { removeUnnamedPublicCopies, type PublicCopyKind } from './public-copies';
import { incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';

/**
 * Removes uploads a person's erasure let go of at once rather than at the next hourly cleanup
 * (issue 25 §3): run after the erasing transaction committed, with the ids its features detached.
 * Their public copies go first (while the rows still say which uploads they were made from), then
 * the rows still unattached, then the bytes when no other row names the same sha256 — under the
 * lock receiveUploads and the cleanup take. Returns how many rows were removed.
 */
export async function eraseStoredFiles(
  db: Database,
  storage: FileStorage,
  kinds: readonly PublicCopyKind[],
  fileIds: readonly string[],
): Promise<number> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return 0;
  await removeUnnamedPublicCopies(db, storage, kinds);
  const hashes = await db
    .selectDistinct({ sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(inArray(storedFiles.id, ids));
  let removed = 0;
  for (const { sha256 } of hashes) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${sha256}, 0))`);
      const deleted = await tx
        .delete(storedFiles)
        .where(and(eq(storedFiles.sha256, sha256), inArray(storedFiles.id, ids), isNull(storedFiles.attachedAt)))
        .returning({ storageKey: storedFiles.storageKey });
      removed += deleted.length;
      const [left] = await tx.select({ rows: count() }).from(storedFiles).where(eq(storedFiles.sha256, sha256));
      if ((left?.rows ?? 0) > 0) return;
      for (const variant of photoVariants) await storage.remove(storedFileKey(sha256, variant));
      await storage.remove(incomingFileKey(sha256));
      for (const key of new Set(deleted.map((row) => row.storageKey))) await storage.remove(key);
    });
  }
  return removed;
}
