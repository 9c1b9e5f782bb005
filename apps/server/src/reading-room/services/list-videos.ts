import type { Paged, Video } from '@pest/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { videos } from '../schema';
import { toVideo } from './to-reading-room-items';

/** Shown videos, newest first; without a page size, all of them (the /video call). */
export async function listVideos(
  db: Executor,
  input: { page?: number; pageSize?: number } = {},
): Promise<Paged<Video>> {
  const where = eq(videos.status, 1);
  const page = input.page ?? 1;
  const query = db.select().from(videos).where(where).orderBy(desc(videos.publishedAt), desc(videos.id)).$dynamic();
  if (input.pageSize) query.limit(input.pageSize).offset((page - 1) * input.pageSize);
  const [rows, [counted]] = await Promise.all([query, db.select({ total: count() }).from(videos).where(where)]);
  const total = counted?.total ?? 0;
  return { total, page, pageSize: input.pageSize ?? total, items: rows.map(toVideo) };
}
