import { and, isNull, lt } from 'drizzle-orm';
import type { Database } from '../database/database';
import type { FileStorage } from '../storage/file-storage';
import { removeUnattachedFiles } from './remove-unattached-files';
import { storedFiles } from './stored-files.schema';

/** How long a received file may wait for a form to attach it. */
export const pendingLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * The periodic cleanup: files never attached within 24 hours (pending, processing or failed) are forgotten, and their
 * bytes removed when no other row names the same sha256. Why: decision 0114.
 */
export async function removeStaleUploads(db: Database, storage: FileStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - pendingLifetimeMs);
  const stale = await db
    .selectDistinct({ sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(and(isNull(storedFiles.attachedAt), lt(storedFiles.createdAt, cutoff)));
  return removeUnattachedFiles(
    db,
    storage,
    stale.map((row) => row.sha256),
    lt(storedFiles.createdAt, cutoff),
  );
}
