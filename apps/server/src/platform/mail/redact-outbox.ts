import fs from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { mailOutbox } from './mail-outbox.schema';

/** What a redacted mail keeps in place of its recipient, subject and text. */
export const redactedMailText = '（已依當事人要求刪除）';

/** Erases the outbox's copies of mails to `addresses`, in the caller's transaction. Why: decision 0307. */
export async function redactOutboxFor(
  tx: Executor,
  addresses: readonly string[],
  options: { subjectIncludes?: string } = {},
): Promise<number[]> {
  const wanted = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const conditions: SQL[] = [inArray(sql`lower(${mailOutbox.to})`, wanted)];
  if (options.subjectIncludes) conditions.push(like(mailOutbox.subject, `%${escapeLike(options.subjectIncludes)}%`));
  await tx.delete(mailOutbox).where(and(...conditions, isNull(mailOutbox.sentAt)));
  const redacted = await tx
    .update(mailOutbox)
    .set({ to: '', subject: redactedMailText, text: redactedMailText, html: null, lastError: null })
    .where(and(...conditions))
    .returning({ id: mailOutbox.id, state: mailOutbox.state });
  return redacted.filter((mail) => mail.state === 'written').map((mail) => mail.id);
}

/** Removes the `.eml` files of written mails (no SMTP server) that `redactOutboxFor` blanked. */
export async function removeWrittenMailFiles(outboxDir: string, ids: readonly number[]): Promise<void> {
  for (const id of ids) await fs.rm(path.join(outboxDir, `${id}.eml`), { force: true });
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
