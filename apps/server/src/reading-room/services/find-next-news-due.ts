import { and, gt, min, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { news } from '../schema';

/** When the next scheduled news item falls due (decision 0242): the earliest future post_at of a published item. */
export async function findNextNewsDue(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: min(news.postAt) })
    .from(news)
    .where(and(ne(news.status, 0), gt(news.postAt, sql`now()`)));
  return row?.dueAt ?? null;
}
