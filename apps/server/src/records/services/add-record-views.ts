import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';

/** Adds counted views to records in one statement (ids that no longer exist are skipped). */
export async function addRecordViews(db: Executor, counts: ReadonlyMap<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const rows = sql.join(
    [...counts].map(([id, views]) => sql`(${id}::int, ${views}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${records} set views = ${records.views} + counted.views from (values ${rows}) as counted(id, views) where ${records.id} = counted.id`,
  );
}
