import fs from 'node:fs/promises';
import path from 'node:path';
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { mailOutbox } from './mail-outbox.schema';

/** Sent and written mails are kept this long for /admin, then deleted with their .eml files. */
export const keepMailDays = 90;

/**
 * Deletes outbox mails sent or written more than `keepMailDays` ago, and their files: the outbox
 * holds people's addresses and links, kept no longer than someone may ask what was sent.
 */
export async function deleteOldMail(db: Database, outboxDir: string): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(
      and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${keepMailDays})`)),
    )
    .returning({ id: mailOutbox.id, state: mailOutbox.state });
  for (const mail of deleted) {
    if (mail.state === 'written') await fs.rm(path.join(outboxDir, `${mail.id}.eml`), { force: true });
  }
  return deleted.length;
}
