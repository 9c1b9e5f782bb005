import { downloadMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { catalogDetails } from '../schema';
import { catalogDetailOf } from './catalog-rows';

/** Deletes a file entry and its relations, audited; an uploaded file goes back to the cleanup. */
export async function deleteCatalogDetail(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(catalogDetails).where(eq(catalogDetails.id, id)).returning();
    if (!removed) throw AppError.notFound(downloadMessages.detailUnknown);
    if (removed.storedFileId) await detachFiles(tx, [removed.storedFileId]);
    await recordAudit(tx, {
      actor,
      action: 'catalog-detail.delete',
      entity: 'catalog-detail',
      entityId: id,
      before: catalogDetailOf(removed),
    });
  });
}
