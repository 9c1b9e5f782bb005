import { readingRoomFilesMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { ipmFiles, ipmSheets } from '../schema';
import { ipmFileAdminRow } from './ipm-file-admin-row';

/**
 * Takes a file off an IPM sheet, audited, in one transaction: an upload goes back to the upload
 * pipeline's cleanup; a seeded file stays in storage (the seed owns it). Returns its sheet's id.
 */
export async function deleteIpmFile(db: Database, actor: Viewer, id: number): Promise<{ ipmId: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(ipmFiles).where(eq(ipmFiles.id, id)).for('update');
    if (!before) throw AppError.notFound(readingRoomFilesMessages.ipmFileUnknown);
    const [sheet] = await tx.select({ title: ipmSheets.title }).from(ipmSheets).where(eq(ipmSheets.id, before.ipmId));
    await tx.delete(ipmFiles).where(eq(ipmFiles.id, id));
    if (before.storedFileId) await detachFiles(tx, [before.storedFileId]);
    await recordAudit(tx, {
      actor,
      action: 'ipm-file.delete',
      entity: 'ipm-file',
      entityId: id,
      before: ipmFileAdminRow(before, sheet?.title ?? ''),
    });
    return { ipmId: before.ipmId };
  });
}
