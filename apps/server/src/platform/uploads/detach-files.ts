import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { storedFiles } from './stored-files.schema';

/** Gives files back to the cleanup, in the feature's transaction. Why: decision 0114. */
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
