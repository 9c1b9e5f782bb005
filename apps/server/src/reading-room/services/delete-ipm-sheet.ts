import { readingRoomAdminMessages } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { removeCropLinks } from '../../crops';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { ipmFiles, ipmSheets, readingRoomSearch } from '../schema';
import { ipmSheetAdminRow } from './ipm-sheet-admin-row';

/**
 * Deletes an IPM sheet with its other files' rows (cascade) and its search row, audited, in one
 * transaction; its uploaded PDF, cover and other files go back to the cleanup. Seeded files stay in storage (the seed
 * owns them).
 */
export async function deleteIpmSheet(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(ipmSheets).where(eq(ipmSheets.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomAdminMessages.ipmSheetUnknown);
    await tx.delete(readingRoomSearch).where(and(eq(readingRoomSearch.kind, 'ipm'), eq(readingRoomSearch.itemId, id)));
    const otherFiles = await tx
      .select({ storedFileId: ipmFiles.storedFileId })
      .from(ipmFiles)
      .where(eq(ipmFiles.ipmId, id));
    await tx.delete(ipmSheets).where(eq(ipmSheets.id, id));
    await removeCropLinks(tx, 'ipm', id);
    const uploads = [row.pdfFileId, row.coverFileId, ...otherFiles.map((file) => file.storedFileId)];
    await detachFiles(
      tx,
      uploads.filter((fileId): fileId is string => fileId !== null),
    );
    await recordAudit(tx, {
      actor,
      action: 'ipm-sheet.delete',
      entity: 'ipm-sheet',
      entityId: id,
      before: ipmSheetAdminRow(row),
    });
  });
}
