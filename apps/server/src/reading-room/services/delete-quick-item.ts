import { readingRoomItemsMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { quickFiles, quickItems } from '../schema';
import { quickItemAdminRow } from './quick-item-admin-row';

/**
 * Deletes a quick-start item with its files' rows (cascade), audited, in one transaction; the
 * files editors uploaded go back to the upload pipeline's cleanup. Seeded files stay in storage
 * (the seed owns them).
 */
export async function deleteQuickItem(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(quickItems).where(eq(quickItems.id, id)).for('update');
    if (!row) throw AppError.notFound(readingRoomItemsMessages.quickItemUnknown);
    const files = await tx
      .select({ id: quickFiles.id, storedFileId: quickFiles.storedFileId })
      .from(quickFiles)
      .where(eq(quickFiles.quickId, id));
    await tx.delete(quickItems).where(eq(quickItems.id, id));
    await detachFiles(
      tx,
      files.flatMap((file) => (file.storedFileId ? [file.storedFileId] : [])),
    );
    await recordAudit(tx, {
      actor,
      action: 'quick-item.delete',
      entity: 'quick-item',
      entityId: id,
      before: quickItemAdminRow(row, files.length),
    });
  });
}
