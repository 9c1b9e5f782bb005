import type { NewsDetail } from '@pest/contracts';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { fileExtension, newsFilePath } from '../file-paths';
import { news, newsFiles } from '../schema';
import { newsPicturesColumn } from './news-pictures-column';
import { toNewsSummary } from './to-reading-room-items';
import { shownNews, type Visibility } from './visibility';

/** One shown news item (published and due); any item for a staff preview. */
export async function getNews(db: Executor, id: number, visibility: Visibility = {}): Promise<NewsDetail> {
  const [row] = await db
    .select({ ...getTableColumns(news), pics: newsPicturesColumn })
    .from(news)
    .where(and(eq(news.id, id), shownNews(visibility)));
  if (!row) throw AppError.notFound('找不到這則消息');
  const files = await db
    .select()
    .from(newsFiles)
    .where(eq(newsFiles.newsId, row.id))
    .orderBy(asc(newsFiles.sort), asc(newsFiles.number));
  return {
    ...toNewsSummary(row),
    content: sanitizeRichText(row.content),
    files: files.map((file) => ({
      id: file.number,
      name: file.fileName,
      type: fileExtension(file.fileName),
      size: file.size,
      url: `${newsFilePath(row.id, file.number)}${visibility.drafts ? '?preview=1' : ''}`,
    })),
  };
}
