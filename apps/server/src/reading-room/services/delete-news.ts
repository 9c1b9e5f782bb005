import { readingRoomAdminMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { detachFiles } from '../../platform/uploads/detach-files';
import { news, newsFiles, newsPictures } from '../schema';
import { newsAdminRow } from './news-admin-row';

/**
 * Deletes a news item with its pictures and attachments (cascade), audited, in one transaction;
 * their uploads go back to the cleanup (seeded files stay with the seed).
 */
export async function deleteNews(db: Database, actor: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const uploads = [
      ...(await tx.select({ id: newsPictures.storedFileId }).from(newsPictures).where(eq(newsPictures.newsId, id))),
      ...(await tx.select({ id: newsFiles.storedFileId }).from(newsFiles).where(eq(newsFiles.newsId, id))),
    ];
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!row) throw AppError.notFound(readingRoomAdminMessages.newsUnknown);
    await detachFiles(
      tx,
      uploads.flatMap((upload) => (upload.id ? [upload.id] : [])),
    );
    await recordAudit(tx, { actor, action: 'news.delete', entity: 'news', entityId: id, before: newsAdminRow(row) });
  });
}
