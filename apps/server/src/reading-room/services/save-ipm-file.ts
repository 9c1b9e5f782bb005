import {
  ipmFileUploadPurpose,
  readingRoomAdminMessages,
  readingRoomFilesMessages,
  type IpmFileCreate,
  type IpmFileUpdate,
} from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { fileExtension } from '../file-paths';
import { ipmFiles, ipmSheets } from '../schema';
import { ipmFileAdminRow } from './ipm-file-admin-row';
import { listedName } from './listed-file-name';

/**
 * Adds a file to an IPM sheet (`id` null; the upload is required) or changes one (its name, order
 * and, when one is sent, its file): the editor's document attached from the upload pipeline, the
 * row and the audit entry in one transaction. The upload it replaces goes back to the cleanup; a
 * seeded file stays (the seed owns it). The same document sent twice to one sheet (a double
 * click) is one file. Returns its id and its sheet's.
 */
export async function saveIpmFile(
  db: Database,
  actor: Viewer,
  id: number | null,
  input: (IpmFileCreate | IpmFileUpdate) & { ipm_id?: number },
): Promise<{ id: number; ipmId: number }> {
  return db.transaction(async (tx) => {
    const before = id === null ? null : (await tx.select().from(ipmFiles).where(eq(ipmFiles.id, id)).for('update'))[0];
    if (id !== null && !before) throw AppError.notFound(readingRoomFilesMessages.ipmFileUnknown);
    const ipmId = before?.ipmId ?? input.ipm_id;
    const [sheet] = ipmId
      ? await tx.select({ id: ipmSheets.id, title: ipmSheets.title }).from(ipmSheets).where(eq(ipmSheets.id, ipmId))
      : [];
    if (!sheet) throw AppError.invalid([{ path: 'ipm_id', message: readingRoomAdminMessages.ipmSheetUnknown }]);
    if (!before && !input.upload) {
      throw AppError.invalid([{ path: 'upload', message: readingRoomFilesMessages.ipmFileRequired }]);
    }
    if (!before && input.upload) {
      const [repeated] = await tx
        .select({ id: ipmFiles.id })
        .from(ipmFiles)
        .innerJoin(storedFiles, eq(storedFiles.id, ipmFiles.storedFileId))
        .where(
          and(
            eq(ipmFiles.ipmId, sheet.id),
            eq(
              storedFiles.sha256,
              tx.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.id, input.upload)),
            ),
          ),
        );
      if (repeated) return { id: repeated.id, ipmId: sheet.id };
    }
    const upload =
      input.upload && input.upload !== before?.storedFileId
        ? await attachStoredFile(tx, input.upload, { owner: staffUploader(actor), purpose: ipmFileUploadPurpose })
        : null;
    const extension = upload ? fileExtension(upload.storageKey) : fileExtension(before!.fileName);
    const fields = {
      fileName: listedName(input.name, upload?.fileName ?? before!.fileName, extension),
      sort: input.sort,
      ...(upload ? { storageKey: upload.storageKey, size: upload.size, storedFileId: upload.id } : {}),
    };
    let after: typeof ipmFiles.$inferSelect | undefined;
    if (!before) {
      [after] = await tx
        .insert(ipmFiles)
        .values({ ipmId: sheet.id, storageKey: upload!.storageKey, size: upload!.size, ...fields })
        .returning();
    } else {
      if (upload && before.storedFileId) await detachFiles(tx, [before.storedFileId]);
      [after] = await tx.update(ipmFiles).set(fields).where(eq(ipmFiles.id, before.id)).returning();
    }
    if (!after) throw new Error('the IPM file was not written');
    await recordAudit(tx, {
      actor,
      action: before ? 'ipm-file.update' : 'ipm-file.create',
      entity: 'ipm-file',
      entityId: after.id,
      ...(before ? { before: ipmFileAdminRow(before, sheet.title) } : {}),
      after: ipmFileAdminRow(after, sheet.title),
    });
    return { id: after.id, ipmId: sheet.id };
  });
}
