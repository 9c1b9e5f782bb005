import { inArray } from 'drizzle-orm';
import type { Database } from '../database/database';
import type { FileStorage } from '../storage/file-storage';
import { removeUnnamedPublicCopies, type PublicCopyKind } from './public-copies';
import { removeUnattachedFiles } from './remove-unattached-files';
import { storedFiles } from './stored-files.schema';

/** Removes uploads a person's erasure let go of at once rather than at the next hourly cleanup. Why: decision 0307. */
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
  return removeUnattachedFiles(
    db,
    storage,
    hashes.map((row) => row.sha256),
    inArray(storedFiles.id, ids),
  );
}
