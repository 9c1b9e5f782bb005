import { recordPictureUploadPurpose, type RecordPictureCreate, type RecordPictureUpdate } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { recordPictureKey } from '../record-pictures-url';
import { recordPictures, records } from '../schema';
import { recordNotFoundMessage } from '../services/get-record-detail';
import { recordPictureRowOf } from './record-picture-rows';

export const recordPictureNotFoundMessage = '找不到這張照片';

/** What a save changed, for the caller to invalidate and tidy once it has committed. */
export interface SavedRecordPicture {
  id: number;
  recordId: number;
  /** The seed's files of a picture an upload replaced (storage keys), no longer named by any row. */
  replacedFiles: string[];
}

/** The stored name of an upload: its stored file's id, so a new upload gets a new address. */
export const uploadedPictureName = (storedFileId: string) => `up-${storedFileId}`;

/**
 * Adds a picture to a record (`id` null; the upload is required) or changes one (a new upload
 * replaces its file): the editor's upload attached from the upload pipeline (re-encoded, GPS and
 * EXIF gone), the row and the audit entry in one transaction. The replaced upload goes back to the
 * pipeline's cleanup; a replaced seed file is named for the caller to remove after the commit.
 */
export async function saveRecordPicture(
  db: Database,
  actor: Viewer,
  id: number | null,
  input: (RecordPictureCreate | RecordPictureUpdate) & { record_id?: number },
): Promise<SavedRecordPicture> {
  return db.transaction(async (tx) => {
    const before =
      id === null ? null : (await tx.select().from(recordPictures).where(eq(recordPictures.id, id)).for('update'))[0];
    if (id !== null && !before) throw AppError.notFound(recordPictureNotFoundMessage);
    const recordId = before?.recordId ?? input.record_id;
    const [record] = recordId
      ? await tx.select({ id: records.id, cName: records.cName }).from(records).where(eq(records.id, recordId))
      : [];
    if (!record) throw AppError.invalid([{ path: 'record_id', message: recordNotFoundMessage }]);
    if (!before && !input.upload) throw AppError.invalid([{ path: 'upload', message: '請選擇照片' }]);

    // The current file's id sent back (a client echoing the row) changes nothing.
    const upload =
      input.upload && input.upload !== before?.storedFileId
        ? await attachStoredFile(tx, input.upload, { owner: staffUploader(actor), purpose: recordPictureUploadPurpose })
        : null;
    const fields = {
      class: input.class,
      caption: input.caption,
      credit: input.credit,
      licence: input.licence,
      sort: input.sort,
      display: !input.hidden,
      updatedAt: sql`now()`,
      ...(upload
        ? {
            storedFileId: upload.id,
            name: uploadedPictureName(upload.id),
            type: 'jpg',
            // A photo still being converted (BMP) has no size yet: read from its stored file once known.
            width: upload.width ?? 0,
            height: upload.height ?? 0,
          }
        : {}),
    };
    const replacedFiles: string[] = [];
    let after: typeof recordPictures.$inferSelect | undefined;
    if (!before) {
      [after] = await tx
        .insert(recordPictures)
        .values({ recordId: record.id, obj: 'pic', name: '', type: 'jpg', width: 0, height: 0, ...fields })
        .returning();
    } else {
      if (upload && before.storedFileId !== upload.id) {
        if (before.storedFileId) await detachFiles(tx, [before.storedFileId]);
        else {
          for (const variant of ['', '_mod', '_thumb'] as const) {
            replacedFiles.push(recordPictureKey(before.recordId, before.name, before.type, variant));
          }
        }
      }
      [after] = await tx.update(recordPictures).set(fields).where(eq(recordPictures.id, before.id)).returning();
    }
    if (!after) throw new Error('the record picture was not written');
    await recordAudit(tx, {
      actor,
      action: before ? 'record-picture.update' : 'record-picture.create',
      entity: 'record-picture',
      entityId: after.id,
      ...(before ? { before: recordPictureRowOf(before, record.cName) } : {}),
      after: recordPictureRowOf(after, record.cName),
    });
    return { id: after.id, recordId: record.id, replacedFiles };
  });
}
