import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { carousels } from '../schema';
import { carouselAdminRow } from './carousel-row';

/** Deletes a slide, audited; an uploaded picture goes back to the cleanup (its public copy too, once no slide names it: decision 0282). */
export async function deleteCarousel(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(carousels).where(eq(carousels.id, id)).returning();
    if (!removed) throw AppError.notFound('找不到此橫幅');
    if (removed.storedFileId) await detachFiles(tx, [removed.storedFileId]);
    await recordAudit(tx, {
      actor,
      action: 'carousel.delete',
      entity: 'carousel',
      entityId: id,
      before: carouselAdminRow(removed),
    });
  });
}
