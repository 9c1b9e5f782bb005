import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every mail the site sends, written in the same transaction as the change that causes it and sent afterwards by the
 * `mail.send` job (decision 0102).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The one-click unsubscribe address sent as `List-Unsubscribe` (RFC 8058), for mail someone subscribed to. */
    listUnsubscribe: text('list_unsubscribe'),
    /** The Message-ID header, fixed when queued so a resend is recognisably the same mail. */
    messageId: text('message_id').notNull(),
    state: text('state', { enum: ['queued', 'sent', 'written'] })
      .notNull()
      .default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was handed to the SMTP server or written to its file; set once, never cleared. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set while one run is handing the mail over, so a second run of its job never sends it too. */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);
