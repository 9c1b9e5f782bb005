import type { AdminListPage, AdminListQuery, newsFilesAdminContract, newsPicturesAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { news, newsFiles, newsPictures } from '../schema';
import {
  newsFileAdminRow,
  newsPictureAdminRow,
  type NewsFileAdminRow,
  type NewsPictureAdminRow,
} from './news-attachment-admin-rows';

type Filters = z.output<typeof newsPicturesAdminContract.filters> & z.output<typeof newsFilesAdminContract.filters>;

/** News pictures for the admin list, of one item when filtered; `id` reads one. */
export async function listNewsPictureAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<NewsPictureAdminRow>> {
  const where = and(
    id === undefined ? undefined : eq(newsPictures.id, id),
    query.filters.news_id === undefined ? undefined : eq(newsPictures.newsId, query.filters.news_id),
  );
  const column = query.sort.key === 'id' ? newsPictures.id : newsPictures.sort;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ picture: newsPictures, newsTitle: news.title })
      .from(newsPictures)
      .innerJoin(news, eq(news.id, newsPictures.newsId))
      .where(where)
      .orderBy(direction(column), asc(newsPictures.newsId), asc(newsPictures.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(newsPictures).where(where),
  ]);
  return {
    rows: rows.map((row) => newsPictureAdminRow(row.picture, row.newsTitle)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** News attachments for the admin list, of one item when filtered; `id` reads one. */
export async function listNewsFileAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<NewsFileAdminRow>> {
  const where = and(
    id === undefined ? undefined : eq(newsFiles.id, id),
    query.filters.news_id === undefined ? undefined : eq(newsFiles.newsId, query.filters.news_id),
  );
  const column = query.sort.key === 'id' ? newsFiles.id : newsFiles.sort;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ file: newsFiles, newsTitle: news.title })
      .from(newsFiles)
      .innerJoin(news, eq(news.id, newsFiles.newsId))
      .where(where)
      .orderBy(direction(column), asc(newsFiles.newsId), asc(newsFiles.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(newsFiles).where(where),
  ]);
  return {
    rows: rows.map((row) => newsFileAdminRow(row.file, row.newsTitle)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
