import { readingRoomItemsMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { quickFiles, quickItems } from '../schema';
import { quickFileAdminRow } from './quick-file-admin-row';

/**
 * Deletes a file of a quick-start item, audited, in one transaction: an upload goes back to the
 * pipeline's cleanup; a seeded file's bytes stay with the seed. Returns the item it belonged to.
 */
export async function deleteQuickFile(db: Database, actor: Viewer, id: number): Promise<{ quickId: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(quickFiles).where(eq(quickFiles.id, id)).returning();
    if (!before) throw AppError.notFound(readingRoomItemsMessages.quickFileUnknown);
    const [item] = await tx
      .select({ title: quickItems.title })
      .from(quickItems)
      .where(eq(quickItems.id, before.quickId));
    if (before.storedFileId) await detachFiles(tx, [before.storedFileId]);
    await recordAudit(tx, {
      actor,
      action: 'quick-file.delete',
      entity: 'quick-file',
      entityId: id,
      before: quickFileAdminRow(before, item?.title ?? ''),
    });
    return { quickId: before.quickId };
  });
}
