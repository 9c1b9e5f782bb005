import {
  newsFileUploadPurpose,
  readingRoomAdminMessages,
  readingRoomFilesMessages,
  type NewsFileCreate,
  type NewsFileUpdate,
} from '@pest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { fileExtension } from '../file-paths';
import { news, newsFiles } from '../schema';
import { listedName } from './listed-file-name';
import { newsFileAdminRow } from './news-attachment-admin-rows';

/**
 * Adds an attachment to a news item (`id` null; the upload is required) or changes one (its name,
 * order and, when one is sent, its file), decision 0246: the editor's document attached from the
 * upload pipeline, the row and the audit entry in one transaction. A new attachment takes the
 * item's next number (its download address); the news row is locked meanwhile so two adds never
 * take the same one. The upload it replaces goes back to the cleanup; a seeded file stays. The same
 * document sent twice to one item is one attachment. Returns its id and its item's.
 */
export async function saveNewsFile(
  db: Database,
  actor: Viewer,
  id: number | null,
  input: (NewsFileCreate | NewsFileUpdate) & { news_id?: number },
): Promise<{ id: number; newsId: number }> {
  return db.transaction(async (tx) => {
    const before =
      id === null ? null : (await tx.select().from(newsFiles).where(eq(newsFiles.id, id)).for('update'))[0];
    if (id !== null && !before) throw AppError.notFound(readingRoomFilesMessages.newsFileUnknown);
    const newsId = before?.newsId ?? input.news_id;
    const [item] = newsId
      ? await tx.select({ id: news.id, title: news.title }).from(news).where(eq(news.id, newsId)).for('update')
      : [];
    if (!item) throw AppError.invalid([{ path: 'news_id', message: readingRoomAdminMessages.newsUnknown }]);
    if (!before && !input.upload) {
      throw AppError.invalid([{ path: 'upload', message: readingRoomFilesMessages.ipmFileRequired }]);
    }
    if (!before && input.upload) {
      const [repeated] = await tx
        .select({ id: newsFiles.id })
        .from(newsFiles)
        .innerJoin(storedFiles, eq(storedFiles.id, newsFiles.storedFileId))
        .where(
          and(
            eq(newsFiles.newsId, item.id),
            eq(
              storedFiles.sha256,
              tx.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.id, input.upload)),
            ),
          ),
        );
      if (repeated) return { id: repeated.id, newsId: item.id };
    }
    const upload =
      input.upload && input.upload !== before?.storedFileId
        ? await attachStoredFile(tx, input.upload, { owner: staffUploader(actor), purpose: newsFileUploadPurpose })
        : null;
    const extension = upload ? fileExtension(upload.storageKey) : fileExtension(before!.fileName);
    const fields = {
      fileName: listedName(input.name, upload?.fileName ?? before!.fileName, extension),
      sort: input.sort,
      ...(upload ? { storageKey: upload.storageKey, size: upload.size, storedFileId: upload.id } : {}),
    };
    let after: typeof newsFiles.$inferSelect | undefined;
    if (!before) {
      const [last] = await tx
        .select({ number: sql<number>`coalesce(max(${newsFiles.number}), 0)`.mapWith(Number) })
        .from(newsFiles)
        .where(eq(newsFiles.newsId, item.id));
      [after] = await tx
        .insert(newsFiles)
        .values({
          newsId: item.id,
          number: (last?.number ?? 0) + 1,
          storageKey: upload!.storageKey,
          size: upload!.size,
          ...fields,
        })
        .returning();
    } else {
      if (upload && before.storedFileId) await detachFiles(tx, [before.storedFileId]);
      [after] = await tx.update(newsFiles).set(fields).where(eq(newsFiles.id, before.id)).returning();
    }
    if (!after) throw new Error('the news attachment was not written');
    await recordAudit(tx, {
      actor,
      action: before ? 'news-file.update' : 'news-file.create',
      entity: 'news-file',
      entityId: after.id,
      ...(before ? { before: newsFileAdminRow(before, item.title) } : {}),
      after: newsFileAdminRow(after, item.title),
    });
    return { id: after.id, newsId: item.id };
  });
}
