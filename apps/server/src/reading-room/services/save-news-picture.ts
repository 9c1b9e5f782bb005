import {
  newsPictureUploadPurpose,
  readingRoomAdminMessages,
  readingRoomFilesMessages,
  type NewsPictureCreate,
  type NewsPictureUpdate,
} from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { news, newsPictures } from '../schema';
import { findSameDocument } from './find-same-document';
import { newsPictureAdminRow } from './news-attachment-admin-rows';
import { publicPhotoFolders, publishPhoto } from './publish-photo';

/**
 * Adds a picture to a news item (`id` null; the upload is required) or changes one (its alt text,
 * order and, when one is sent, its photo), decision 0246: the editor's upload attached and
 * published as a public picture (publishPhoto), the row and the audit entry in one transaction.
 * The upload it replaces goes back to the cleanup; a seeded picture's file stays (the seed owns
 * it). The same photo sent twice to one item (a double click) is one picture. Returns its id and its item's.
 */
export async function saveNewsPicture(
  db: Database,
  storage: FileStorage,
  actor: Viewer,
  id: number | null,
  input: (NewsPictureCreate | NewsPictureUpdate) & { news_id?: number },
): Promise<{ id: number; newsId: number }> {
  return db.transaction(async (tx) => {
    const before =
      id === null ? null : (await tx.select().from(newsPictures).where(eq(newsPictures.id, id)).for('update'))[0];
    if (id !== null && !before) throw AppError.notFound(readingRoomFilesMessages.newsPictureUnknown);
    const newsId = before?.newsId ?? input.news_id;
    const [item] = newsId
      ? await tx.select({ id: news.id, title: news.title }).from(news).where(eq(news.id, newsId))
      : [];
    if (!item) throw AppError.invalid([{ path: 'news_id', message: readingRoomAdminMessages.newsUnknown }]);
    if (!before && !input.upload) {
      throw AppError.invalid([{ path: 'upload', message: readingRoomFilesMessages.ipmFileRequired }]);
    }
    if (!before && input.upload) {
      const pictures = {
        table: newsPictures,
        id: newsPictures.id,
        parentId: newsPictures.newsId,
        storedFileId: newsPictures.storedFileId,
      };
      const repeated = await findSameDocument(tx, pictures, item.id, input.upload);
      if (repeated !== undefined) return { id: repeated, newsId: item.id };
    }
    const upload =
      input.upload && input.upload !== before?.storedFileId
        ? await attachStoredFile(tx, input.upload, { owner: staffUploader(actor), purpose: newsPictureUploadPurpose })
        : null;
    const picture = upload ? await publishPhoto(tx, storage, upload, publicPhotoFolders.newsPicture) : null;
    if (upload && !picture) {
      throw AppError.invalid([{ path: 'upload', message: readingRoomFilesMessages.coverUnreadable }]);
    }
    const fields = {
      alt: input.alt,
      sort: input.sort,
      ...(picture && upload ? { ...picture, storedFileId: upload.id } : {}),
    };
    let after: typeof newsPictures.$inferSelect | undefined;
    if (!before) {
      [after] = await tx
        .insert(newsPictures)
        .values({ newsId: item.id, file: picture!.file, width: picture!.width, height: picture!.height, ...fields })
        .returning();
    } else {
      if (upload && before.storedFileId) await detachFiles(tx, [before.storedFileId]);
      [after] = await tx.update(newsPictures).set(fields).where(eq(newsPictures.id, before.id)).returning();
    }
    if (!after) throw new Error('the news picture was not written');
    await recordAudit(tx, {
      actor,
      action: before ? 'news-picture.update' : 'news-picture.create',
      entity: 'news-picture',
      entityId: after.id,
      ...(before ? { before: newsPictureAdminRow(before, item.title) } : {}),
      after: newsPictureAdminRow(after, item.title),
    });
    return { id: after.id, newsId: item.id };
  });
}
