import fs from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { mailOutbox } from './mail-outbox.schema';

/** Sent and written mails are kept this long for /admin, then deleted with their .eml files. */
export const keepMailDays = 90;

/** Mails deleted a statement: the first run on years of outbox deletes them in bounded steps. */
const deleteBatch = 5_000;

/** Deletes outbox mails sent or written more than `keepMailDays` ago, and their files. Why: decision 0102. */
export async function deleteOldMail(db: Database, outboxDir: string, batch = deleteBatch): Promise<number> {
  let total = 0;
  for (;;) {
    const old = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${keepMailDays})`)),
      )
      .limit(batch);
    const deleted = await db
      .delete(mailOutbox)
      .where(inArray(mailOutbox.id, old))
      .returning({ id: mailOutbox.id, state: mailOutbox.state });
    for (const mail of deleted) {
      if (mail.state === 'written') await fs.rm(path.join(outboxDir, `${mail.id}.eml`), { force: true });
    }
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}
