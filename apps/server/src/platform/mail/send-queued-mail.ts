import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Database } from '../database/database';
import { mailOutbox } from './mail-outbox.schema';

export interface MailDelivery {
  db: Database;
  /** The SMTP transport, or null to write `<outboxDir>/<id>.eml` instead. */
  transport: Transporter | null;
  from: string | { name: string; address: string };
  outboxDir: string;
  /** How long one run holds a mail while handing it over before another run may try. Why: decision 0102. */
  leaseSeconds?: number;
}

const defaultLeaseSeconds = 30;

/** Sends one outbox mail (the `mail.send` job). Why: decision 0102. */
export async function sendQueuedMail(delivery: MailDelivery, mailId: number): Promise<'smtp' | 'file' | null> {
  const { db } = delivery;
  const [mail] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      sendingUntil: sql`now() + make_interval(secs => ${delivery.leaseSeconds ?? defaultLeaseSeconds})`,
    })
    .where(
      and(
        eq(mailOutbox.id, mailId),
        isNull(mailOutbox.sentAt),
        or(isNull(mailOutbox.sendingUntil), lt(mailOutbox.sendingUntil, sql`now()`)),
      ),
    )
    .returning();
  if (!mail) {
    const [current] = await db.select({ sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
    // Sent already, or never queued (a rolled-back mail cannot have a job): nothing to do.
    if (!current || current.sentAt) return null;
    throw new Error(`郵件 ${mailId} 正由另一個工作寄送中`);
  }
  const message = {
    from: delivery.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    messageId: mail.messageId,
    date: mail.createdAt,
    ...(mail.listUnsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${mail.listUnsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
  try {
    if (delivery.transport) {
      await delivery.transport.sendMail(message);
    } else {
      const built = await nodemailer
        .createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
        .sendMail(message);
      await writeFileAtomically(path.join(delivery.outboxDir, `${mail.id}.eml`), built.message as Buffer);
    }
  } catch (error) {
    await db
      .update(mailOutbox)
      .set({ lastError: error instanceof Error ? error.message.slice(0, 2000) : String(error), sendingUntil: null })
      .where(eq(mailOutbox.id, mail.id));
    throw error;
  }
  await db
    .update(mailOutbox)
    .set({
      state: delivery.transport ? 'sent' : 'written',
      sentAt: sql`now()`,
      sendingUntil: null,
      lastError: null,
    })
    .where(eq(mailOutbox.id, mail.id));
  return delivery.transport ? 'smtp' : 'file';
}

async function writeFileAtomically(file: string, contents: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, contents);
  await fs.rename(temporary, file);
}
