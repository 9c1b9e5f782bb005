import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { recordPictureKey } from '../record-pictures-url';
import { recordPictures, records } from '../schema';
import { recordPictureRowOf } from './record-picture-rows';
import { recordPictureNotFoundMessage, type SavedRecordPicture } from './save-record-picture';

/**
 * Deletes a picture of a record, audited, in one transaction: an upload goes back to the upload
 * pipeline's cleanup; a seed file is named for the caller to remove once this has committed.
 */
export async function deleteRecordPicture(db: Database, actor: Viewer, id: number): Promise<SavedRecordPicture> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(recordPictures).where(eq(recordPictures.id, id)).for('update');
    if (!before) throw AppError.notFound(recordPictureNotFoundMessage);
    const [record] = await tx.select({ cName: records.cName }).from(records).where(eq(records.id, before.recordId));
    await tx.delete(recordPictures).where(eq(recordPictures.id, id));
    if (before.storedFileId) await detachFiles(tx, [before.storedFileId]);
    await recordAudit(tx, {
      actor,
      action: 'record-picture.delete',
      entity: 'record-picture',
      entityId: id,
      before: recordPictureRowOf(before, record?.cName ?? ''),
    });
    const replacedFiles = before.storedFileId
      ? []
      : (['', '_mod', '_thumb'] as const).map((variant) =>
          recordPictureKey(before.recordId, before.name, before.type, variant),
        );
    return { id, recordId: before.recordId, replacedFiles };
  });
}
