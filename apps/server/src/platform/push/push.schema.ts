import { bigserial, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** The site's one VAPID key pair (decision 0400). */
export const pushKeys = pgTable('push_keys', {
  id: smallint('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A browser's push subscription, given with the person's consent (decision 0400). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpoint: text('endpoint').notNull(),
    /** What the person said yes to (`consultation-case`, `alerts`). Why: decision 0400. */
    purpose: text('purpose').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    memberId: integer('member_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time a message was accepted by the push service. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('push_subscriptions_purpose_endpoint_key').on(table.purpose, table.endpoint),
    index('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_member_idx').on(table.memberId),
  ],
);
