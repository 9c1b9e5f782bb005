import { readingRoomFilesMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { news, newsFiles, newsPictures } from '../schema';
import { newsFileAdminRow, newsPictureAdminRow } from './news-attachment-admin-rows';

/**
 * Takes a picture (`kind` 'picture') or an attachment ('file') off a news item, audited, in one
 * transaction (decision 0246): an upload goes back to the upload pipeline's cleanup; a seeded file
 * stays in storage (the seed owns it). Returns its item's id.
 */
export async function deleteNewsAttachment(
  db: Database,
  actor: Viewer,
  kind: 'picture' | 'file',
  id: number,
): Promise<{ newsId: number }> {
  return db.transaction(async (tx) => {
    const table = kind === 'picture' ? newsPictures : newsFiles;
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) {
      throw AppError.notFound(
        kind === 'picture' ? readingRoomFilesMessages.newsPictureUnknown : readingRoomFilesMessages.newsFileUnknown,
      );
    }
    const [item] = await tx.select({ title: news.title }).from(news).where(eq(news.id, before.newsId));
    await tx.delete(table).where(eq(table.id, id));
    if (before.storedFileId) await detachFiles(tx, [before.storedFileId]);
    const title = item?.title ?? '';
    await recordAudit(tx, {
      actor,
      action: `news-${kind}.delete`,
      entity: `news-${kind}`,
      entityId: id,
      before:
        kind === 'picture'
          ? newsPictureAdminRow(before as typeof newsPictures.$inferSelect, title)
          : newsFileAdminRow(before as typeof newsFiles.$inferSelect, title),
    });
    return { newsId: before.newsId };
  });
}
