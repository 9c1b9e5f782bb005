import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { ipmFiles, ipmSheets, news, newsFiles, publications, quickFiles, quickItems, videos } from '../schema';
import { shownIpmSheet, shownNews, shownPublication, shownQuickItem, shownVideo, type Visibility } from './visibility';

/** Which stored file a download address names (reading-room-file-routes.ts). */
export type StoredFileRef =
  | { kind: 'ipm-sheet'; id: number }
  | { kind: 'ipm-file'; id: number; fileId: number }
  | { kind: 'publication'; id: number }
  | { kind: 'quick-file'; id: number; fileId: number }
  | { kind: 'news-file'; id: number; fileId: number }
  | { kind: 'video-clip'; id: number };

/**
 * Maps a download address to the storage key and the original file name, only for files of
 * shown records; the key always comes from the database, never from the address.
 */
export async function findStoredFile(
  db: Executor,
  ref: StoredFileRef,
  visibility: Visibility = {},
): Promise<{ key: string; fileName: string }> {
  const found = await lookUp(db, ref, visibility);
  if (!found) throw AppError.notFound('找不到檔案');
  return found;
}

async function lookUp(
  db: Executor,
  ref: StoredFileRef,
  visibility: Visibility,
): Promise<{ key: string; fileName: string } | undefined> {
  switch (ref.kind) {
    case 'ipm-sheet': {
      const [row] = await db
        .select({ key: ipmSheets.pdfKey, fileName: ipmSheets.pdfName })
        .from(ipmSheets)
        .where(and(eq(ipmSheets.id, ref.id), shownIpmSheet(visibility)));
      return row;
    }
    case 'ipm-file': {
      const [row] = await db
        .select({ key: ipmFiles.storageKey, fileName: ipmFiles.fileName })
        .from(ipmFiles)
        .innerJoin(ipmSheets, eq(ipmSheets.id, ipmFiles.ipmId))
        .where(and(eq(ipmFiles.id, ref.fileId), eq(ipmFiles.ipmId, ref.id), shownIpmSheet(visibility)));
      return row;
    }
    case 'publication': {
      const [row] = await db
        .select({ key: publications.pdfKey, fileName: publications.pdfName })
        .from(publications)
        .where(and(eq(publications.id, ref.id), shownPublication(visibility)));
      return row;
    }
    case 'quick-file': {
      const [row] = await db
        .select({ key: quickFiles.storageKey, fileName: quickFiles.fileName })
        .from(quickFiles)
        .innerJoin(quickItems, eq(quickItems.id, quickFiles.quickId))
        .where(and(eq(quickFiles.id, ref.fileId), eq(quickFiles.quickId, ref.id), shownQuickItem(visibility)));
      return row;
    }
    case 'news-file': {
      const [row] = await db
        .select({ key: newsFiles.storageKey, fileName: newsFiles.fileName })
        .from(newsFiles)
        .innerJoin(news, eq(news.id, newsFiles.newsId))
        .where(and(eq(newsFiles.newsId, ref.id), eq(newsFiles.number, ref.fileId), shownNews(visibility)));
      return row;
    }
    case 'video-clip': {
      const [row] = await db
        .select({ key: videos.clipKey, fileName: videos.clipName })
        .from(videos)
        .where(and(eq(videos.id, ref.id), shownVideo(visibility)));
      // A YouTube video has no clip.
      return row?.key && row.fileName ? { key: row.key, fileName: row.fileName } : undefined;
    }
  }
}
