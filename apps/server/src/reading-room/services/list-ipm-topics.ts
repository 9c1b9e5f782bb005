import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';
import { toPicture } from './to-reading-room-items';

/** An IPM category as the home page and the IPM menu show it: its sheets' count and its first sheet's cover. */
export interface IpmTopic {
  name: string;
  count: number;
  img: string | null;
  img_width: number | null;
  img_height: number | null;
}

/**
 * The categories of the shown IPM sheets in menu order (that of each category's first sheet), counted
 * in the database: the home page and the IPM list need the menu, not every sheet (docs/performance.md,
 * "Ten years of data").
 */
export async function listIpmTopics(db: Executor): Promise<IpmTopic[]> {
  const rows = await db
    .selectDistinctOn([ipmSheets.category], {
      category: ipmSheets.category,
      coverPic: ipmSheets.coverPic,
      coverWidth: ipmSheets.coverWidth,
      coverHeight: ipmSheets.coverHeight,
      sort: ipmSheets.sort,
      id: ipmSheets.id,
      count: sql<number>`count(*) over (partition by ${ipmSheets.category})`.mapWith(Number),
    })
    .from(ipmSheets)
    .where(sql`${ipmSheets.status} = 1`)
    .orderBy(ipmSheets.category, ipmSheets.sort, ipmSheets.id);
  return rows
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((row) => ({ name: row.category, count: row.count, ...toPicture(row) }));
}
