import type { NewsClassFilter, NewsSummary, Paged } from '@pest/contracts';
import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { news } from '../schema';
import { newsPicturesColumn } from './news-pictures-column';
import { toNewsSummary } from './to-reading-room-items';
import { shownNews } from './visibility';

/** Shown news (any non-zero status, post_at reached), newest post_at first, of one class or all. */
export async function listNews(
  db: Executor,
  input: { class: NewsClassFilter; page: number; pageSize: number },
): Promise<Paged<NewsSummary>> {
  const where = and(shownNews(), input.class === 'all' ? undefined : eq(news.class, input.class));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...getTableColumns(news), pics: newsPicturesColumn })
      .from(news)
      .where(where)
      .orderBy(desc(news.postAt), desc(news.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    items: rows.map(toNewsSummary),
  };
}
