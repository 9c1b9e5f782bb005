import type { AdminFigure } from '@pest/contracts';
import { count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { mailOutbox } from './mail-outbox.schema';

/**
 * The outbox backlog for the admin home: mails not yet sent, and of those the ones a try already
 * failed (the SMTP server refused or was down; each is retried later on its own).
 */
export async function countOutbox(db: Database): Promise<AdminFigure[]> {
  const [row] = await db
    .select({
      waiting: count(),
      retrying: sql<number>`count(*) filter (where ${gt(mailOutbox.attempts, 0)})`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.state, 'queued'));
  return [
    { label: '尚未寄出', value: row?.waiting ?? 0 },
    { label: '寄送失敗、等待重試', value: row?.retrying ?? 0, attention: true },
  ];
}
