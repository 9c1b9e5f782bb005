import {
  quickFileUploadPurpose,
  readingRoomItemsMessages,
  type QuickFileCreate,
  type QuickFileUpdate,
} from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { fileExtension } from '../file-paths';
import { quickFiles, quickItems } from '../schema';
import { listedName } from './listed-file-name';
import { quickFileAdminRow } from './quick-file-admin-row';

/**
 * Adds a file to a quick-start item (`id` absent; the upload is required) or changes one (a new
 * upload replaces its file, which goes back to the upload pipeline's cleanup): the editor's upload
 * attached from the pipeline (checked by content), the row and the audit entry in one transaction.
 * The same upload sent again for the same item (a retried post) returns the file it made.
 */
export async function saveQuickFile(
  db: Database,
  actor: Viewer,
  input: (QuickFileCreate | QuickFileUpdate) & { quick_id?: number },
  id?: number,
): Promise<{ id: number; quickId: number }> {
  return db.transaction(async (tx) => {
    const before =
      id === undefined ? undefined : (await tx.select().from(quickFiles).where(eq(quickFiles.id, id)).for('update'))[0];
    if (id !== undefined && !before) throw AppError.notFound(readingRoomItemsMessages.quickFileUnknown);
    const quickId = before?.quickId ?? input.quick_id;
    const [item] = quickId
      ? await tx
          .select({ id: quickItems.id, title: quickItems.title })
          .from(quickItems)
          .where(eq(quickItems.id, quickId))
      : [];
    if (!item) throw AppError.invalid([{ path: 'quick_id', message: readingRoomItemsMessages.quickItemUnknown }]);
    if (!before && !input.upload) {
      throw AppError.invalid([{ path: 'upload', message: readingRoomItemsMessages.quickFileRequired }]);
    }
    if (!before && input.upload) {
      const [repeated] = await tx
        .select({ id: quickFiles.id })
        .from(quickFiles)
        .where(and(eq(quickFiles.quickId, item.id), eq(quickFiles.storedFileId, input.upload)));
      if (repeated) return { id: repeated.id, quickId: item.id };
    }
    // The current file's id sent back (a client echoing the row) changes nothing.
    const upload =
      input.upload && input.upload !== before?.storedFileId
        ? await attachStoredFile(tx, input.upload, { owner: staffUploader(actor), purpose: quickFileUploadPurpose })
        : null;
    const extension = upload ? fileExtension(upload.storageKey) : fileExtension(before!.fileName);
    const fileName = listedName(input.name, upload?.fileName ?? before!.fileName, extension);
    let after: typeof quickFiles.$inferSelect | undefined;
    if (!before) {
      [after] = await tx
        .insert(quickFiles)
        .values({
          quickId: item.id,
          storageKey: upload!.storageKey,
          fileName,
          size: upload!.size,
          storedFileId: upload!.id,
          sort: input.sort,
        })
        .returning();
    } else {
      if (upload && before.storedFileId) await detachFiles(tx, [before.storedFileId]);
      [after] = await tx
        .update(quickFiles)
        .set({
          fileName,
          sort: input.sort,
          ...(upload ? { storageKey: upload.storageKey, size: upload.size, storedFileId: upload.id } : {}),
        })
        .where(eq(quickFiles.id, before.id))
        .returning();
    }
    if (!after) throw new Error('the quick-start file was not written');
    await recordAudit(tx, {
      actor,
      action: before ? 'quick-file.update' : 'quick-file.create',
      entity: 'quick-file',
      entityId: after.id,
      ...(before ? { before: quickFileAdminRow(before, item.title) } : {}),
      after: quickFileAdminRow(after, item.title),
    });
    return { id: after.id, quickId: item.id };
  });
}
