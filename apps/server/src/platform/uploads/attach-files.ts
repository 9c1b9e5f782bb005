import { uploadMessages, type StoredFileSummary } from '@pest/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { AppError } from '../http/app-error';
import type { Uploader } from './identify-uploader';
import { summarise } from './store-upload-parts';
import { storedFiles } from './stored-files.schema';

/** Makes received files part of a feature's record, in the feature's transaction. Why: decision 0114. */
export async function attachFiles(
  tx: Executor,
  fileIds: readonly string[],
  options: { owner: Uploader; purpose: string },
): Promise<StoredFileSummary[]> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return [];
  if (!ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))) {
    throw AppError.badRequest(uploadMessages.notYours);
  }
  const { owner, purpose } = options;
  const ownedBy =
    owner.memberId === null
      ? and(isNull(storedFiles.ownerMemberId), inArray(storedFiles.uploaderHash, owner.hashes))
      : eq(storedFiles.ownerMemberId, owner.memberId);
  const rows = await tx
    .update(storedFiles)
    .set({
      attachedAt: sql`now()`,
      status: sql`CASE WHEN ${storedFiles.status} = 'pending' THEN 'attached' ELSE ${storedFiles.status} END`,
    })
    .where(
      and(
        inArray(storedFiles.id, ids),
        eq(storedFiles.purpose, purpose),
        ownedBy,
        isNull(storedFiles.attachedAt),
        inArray(storedFiles.status, ['pending', 'processing']),
      ),
    )
    .returning();
  // Throwing rolls the caller's transaction back, this update with it.
  if (rows.length !== ids.length) throw AppError.badRequest(uploadMessages.notYours);
  const byId = new Map(rows.map((row) => [row.id, summarise(row)]));
  return ids.map((id) => byId.get(id)).filter((row): row is StoredFileSummary => row !== undefined);
}

/** One attached file as a feature keeps and serves it. */
export interface AttachedFile extends StoredFileSummary {
  storageKey: string;
  sha256: string;
}

/** Attaches one file (attachFiles' rules) and gives what a feature keeps of it. Why: decision 0114. */
export async function attachStoredFile(
  tx: Executor,
  fileId: string,
  options: { owner: Uploader; purpose: string },
): Promise<AttachedFile> {
  const [summary] = await attachFiles(tx, [fileId], options);
  const [row] = await tx
    .select({ storageKey: storedFiles.storageKey, sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(eq(storedFiles.id, fileId));
  if (!summary || !row) throw AppError.badRequest(uploadMessages.notYours);
  return { ...summary, ...row };
}
