import { sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { mailOutbox } from './mail-outbox.schema';

/** Mails not sent yet, and those of them whose last try failed (the metrics' outbox backlog, read on scrape). */
export async function countOutboxBacklog(db: Database): Promise<{ waiting: number; failing: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      failing: sql<number>`(count(*) FILTER (WHERE ${mailOutbox.lastError} IS NOT NULL))::int`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.sentAt} IS NULL`);
  return { waiting: Number(row?.waiting ?? 0), failing: Number(row?.failing ?? 0) };
}
