import { readingRoomAdminMessages } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { publications, readingRoomSearch } from '../schema';
import { publicationAdminRow } from './publication-admin-row';

/** Deletes a publication and its search row, audited, in one transaction; its upload goes back to the cleanup. */
export async function deletePublication(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(publications).where(eq(publications.id, id)).returning();
    if (!row) throw AppError.notFound(readingRoomAdminMessages.publicationUnknown);
    await tx
      .delete(readingRoomSearch)
      .where(and(eq(readingRoomSearch.kind, 'publication'), eq(readingRoomSearch.itemId, id)));
    await detachFiles(
      tx,
      [row.pdfFileId, row.coverFileId].filter((fileId): fileId is string => fileId !== null),
    );
    await recordAudit(tx, {
      actor,
      action: 'publication.delete',
      entity: 'publication',
      entityId: id,
      before: publicationAdminRow(row),
    });
  });
}
