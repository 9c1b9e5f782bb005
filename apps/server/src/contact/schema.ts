import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The staff inbox: every message of the
 * contact form and of the feedback form. A message starts inactive (status 0) and becomes
 * 1 once staff handled it (replied or marked). The spec's `token` is the robot check, spent when
 * the message is received and never stored.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['contact', 'feedback'] })
      .notNull()
      .default('contact'),
    /** The form's idempotency key: a retried or double-clicked submit answers the same message. */
    idempotencyKey: uuid('idempotency_key').notNull().unique(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    industry: text('industry'),
    country: text('country'),
    address: text('address'),
    telephone: text('telephone').notNull().default(''),
    fax: text('fax'),
    website: text('website'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The page the feedback was sent from (feedback form only). */
    page: text('page'),
    /** The signed-in member who sent it, if any. No foreign key: members belong to the accounts feature. */
    memberId: integer('member_id'),
    /** status enumeration: 0 inactive (new), 1 handled. */
    status: smallint('status').notNull().default(0),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledById: integer('handled_by_id'),
    handledByLabel: text('handled_by_label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    index('contact_messages_open_idx')
      .on(table.createdAt)
      .where(sql`status = 0`),
    check('contact_messages_kind_check', sql`${table.kind} IN ('contact', 'feedback')`),
    check('contact_messages_status_check', sql`${table.status} IN (0, 1)`),
  ],
);
