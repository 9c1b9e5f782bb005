import { readingRoomFilesMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { news, newsPictures } from '../schema';
import { newsPictureAdminRow } from './news-attachment-admin-rows';

/**
 * Takes a picture off a news item, audited, in one transaction (decision 0246): an upload goes back
 * to the upload pipeline's cleanup; a seeded file stays in storage (the seed owns it). Returns its
 * item's id. (A news item's attachments are child files: deleteChildFile.)
 */
export async function deleteNewsPicture(db: Database, actor: Viewer, id: number): Promise<{ newsId: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(newsPictures).where(eq(newsPictures.id, id)).for('update');
    if (!before) throw AppError.notFound(readingRoomFilesMessages.newsPictureUnknown);
    const [item] = await tx.select({ title: news.title }).from(news).where(eq(news.id, before.newsId));
    await tx.delete(newsPictures).where(eq(newsPictures.id, id));
    if (before.storedFileId) await detachFiles(tx, [before.storedFileId]);
    await recordAudit(tx, {
      actor,
      action: 'news-picture.delete',
      entity: 'news-picture',
      entityId: id,
      before: newsPictureAdminRow(before, item?.title ?? ''),
    });
    return { newsId: before.newsId };
  });
}
