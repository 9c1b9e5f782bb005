import type { newsFilesAdminContract, newsPicturesAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import { fileExtension } from '../file-paths';
import type { newsFiles, newsPictures } from '../schema';

export type NewsPictureAdminRow = z.input<typeof newsPicturesAdminContract.row>;
export type NewsFileAdminRow = z.input<typeof newsFilesAdminContract.row>;

/** A news picture as the admin lists and shows it, and as its audit entries record it. */
export function newsPictureAdminRow(row: typeof newsPictures.$inferSelect, newsTitle: string): NewsPictureAdminRow {
  return {
    id: row.id,
    news_id: row.newsId,
    news_title: newsTitle,
    alt: row.alt,
    sort: row.sort,
    width: row.width,
    height: row.height,
    upload: row.storedFileId,
  };
}

/** A news attachment as the admin lists and shows it, and as its audit entries record it. */
export function newsFileAdminRow(row: typeof newsFiles.$inferSelect, newsTitle: string): NewsFileAdminRow {
  return {
    id: row.id,
    news_id: row.newsId,
    news_title: newsTitle,
    name: row.fileName,
    type: fileExtension(row.fileName).toUpperCase(),
    size: row.size,
    sort: row.sort,
    upload: row.storedFileId,
  };
}
