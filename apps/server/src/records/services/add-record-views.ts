import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { records, recordViewMarks } from '../schema';

export interface RecordView {
  /** The visitor's hashed address. */
  visitor: string;
  recordId: number;
  /** The start of the hour the view fell in. */
  hour: Date;
}

/**
 * Counts views, each visitor once per record and hour (decision 0066): marks the new
 * (visitor, record, hour) triples and adds the number newly marked to each record's views, in one
 * statement, so concurrent processes never count a triple twice. Ids of missing records are
 * skipped. Returns the number of views added.
 */
export async function addRecordViews(db: Executor, views: readonly RecordView[]): Promise<number> {
  if (views.length === 0) return 0;
  const rows = sql.join(
    views.map((view) => sql`(${view.visitor}::text, ${view.recordId}::int, ${view.hour.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with seen(visitor, record_id, hour) as (values ${rows}),
    marked as (
      insert into ${recordViewMarks} (visitor, record_id, hour)
      select seen.visitor, seen.record_id, seen.hour from seen
      where exists (select 1 from ${records} where ${records.id} = seen.record_id)
      on conflict do nothing
      returning record_id
    ),
    counted as (select record_id, count(*)::int as views from marked group by record_id),
    updated as (
      update ${records} set views = ${records.views} + counted.views
      from counted where ${records.id} = counted.record_id
      returning counted.views
    )
    select coalesce(sum(views), 0)::int as added from updated`);
  // node-postgres and PGlite both answer with `rows`.
  return (result as unknown as { rows: Array<{ added: number }> }).rows[0]?.added ?? 0;
}
