import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { storedFiles } from './stored-files.schema';

/**
 * Gives files back to the cleanup, in the feature's transaction: a record that goes away without
 * being kept (an unfinished form that expired) detaches its files, and `uploads.remove-stale`
 * removes them — rows older than 24 hours at its next run, and their bytes once no row names them.
 */
export async function detachFiles(tx: Executor, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await tx
    .update(storedFiles)
    .set({
      attachedAt: null,
      status: sql`CASE WHEN ${storedFiles.status} = 'attached' THEN 'pending' ELSE ${storedFiles.status} END`,
    })
    .where(inArray(storedFiles.id, [...new Set(fileIds)]));
}
