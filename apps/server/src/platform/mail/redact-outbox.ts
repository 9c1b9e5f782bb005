import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { mailOutbox } from './mail-outbox.schema';

type Tx = Executor;

/** What a redacted mail keeps: that a mail was sent, when, and nothing about whom or what. */
export const redactedMail = { to: 'redacted@invalid', subject: '（已刪除）', text: '' } as const;

/**
 * Erases a person's mails from the outbox in the caller's transaction (issue 25 §3: erasure reaches
 * every copy). Mails not sent yet are deleted, so they never go out (their send job finds no row);
 * sent ones keep their row, time and state with the address, subject and body blanked. Addresses
 * compare case-insensitively. Returns how many mails were deleted or blanked.
 */
export async function redactOutboxFor(tx: Tx, addresses: string[]): Promise<number> {
  const wanted = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return 0;
  const matches = inArray(sql`lower(${mailOutbox.to})`, wanted);
  const deleted = await tx
    .delete(mailOutbox)
    .where(and(matches, isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  const blanked = await tx
    .update(mailOutbox)
    .set({ ...redactedMail, html: null, lastError: null })
    .where(matches)
    .returning({ id: mailOutbox.id });
  return deleted.length + blanked.length;
}
