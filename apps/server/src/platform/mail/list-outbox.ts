import type { AdminOutboxMail } from '@pest/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { countUpTo, type AdminTotal } from '../admin/admin-list-count';
import type { Database } from '../database/database';
import { AppError } from '../http/app-error';
import { mailOutbox } from './mail-outbox.schema';

export const outboxPageSize = 20;

type OutboxRow = typeof mailOutbox.$inferSelect;

function summary(row: OutboxRow): AdminOutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    attempts: row.attempts,
    lastError: row.lastError,
    file: row.state === 'written' ? `outbox/${row.id}.eml` : null,
  };
}

/** The outbox, newest first, a page at a time: what was sent, written or is still waiting. */
export async function listOutbox(
  db: Database,
  query: { page: number },
): Promise<{ items: AdminOutboxMail[]; page: number; pageSize: number } & AdminTotal> {
  const order = [desc(mailOutbox.createdAt), desc(mailOutbox.id)];
  // A deep page skips its offset over the ids alone, then reads only its own rows' text.
  const page = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .orderBy(...order)
    .limit(outboxPageSize)
    .offset((query.page - 1) * outboxPageSize);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, page))
      .orderBy(...order),
    countUpTo(db, db.select({ id: mailOutbox.id }).from(mailOutbox)),
  ]);
  return { items: rows.map(summary), ...counted, page: query.page, pageSize: outboxPageSize };
}

/**
 * One outbox mail; its text and HTML only when it was written to a file instead of sent (no SMTP server: the operator
 * reads the files anyway). Why: decision 0102.
 */
export async function getOutboxMail(db: Database, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw AppError.notFound('找不到此郵件');
  const shown = row.state === 'written';
  return { ...summary(row), text: shown ? row.text : null, html: shown ? row.html : null, messageId: row.messageId };
}
