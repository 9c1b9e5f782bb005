import type { NewsDetail } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/html/sanitize-rich-text';
import { fileExtension, newsFilePath } from '../file-paths';
import { news } from '../schema';
import { toNewsSummary } from './to-reading-room-items';
import { shownNews, type Visibility } from './visibility';

/** One shown news item (published and due); any item for a staff preview. */
export async function getNews(db: Executor, id: number, visibility: Visibility = {}): Promise<NewsDetail> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), shownNews(visibility)));
  if (!row) throw AppError.notFound('找不到這則消息');
  return {
    ...toNewsSummary(row),
    content: sanitizeRichText(row.content),
    files: row.files.map((file) => ({
      id: file.id,
      name: file.name,
      type: fileExtension(file.name),
      size: file.size,
      url: `${newsFilePath(row.id, file.id)}${visibility.drafts ? '?preview=1' : ''}`,
    })),
  };
}
