import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { pushSubscriptions } from '../platform/push/push.schema';

/**
 * Pest alerts (病蟲害警報, decision 0402): a crop of the one vocabulary (its id and the name shown),
 * the counties, a short text, optional links to a record and an IPM sheet, the days it is active
 * (Taiwan dates). A draft until an editor publishes it; publishing fans it out.
 */
export const pestAlerts = pgTable(
  'pest_alerts',
  {
    id: serial('id').primaryKey(),
    cropId: integer('crop_id').notNull(),
    cropName: text('crop_name').notNull(),
    counties: text('counties').array().notNull(),
    text: text('text').notNull(),
    recordId: integer('record_id'),
    ipmId: integer('ipm_id'),
    activeFrom: date('active_from', { mode: 'string' }).notNull(),
    activeUntil: date('active_until', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** LINE messages not sent (decision 0421): the channel's quota or rate refused them (429) or LINE failed. */
    lineUnsent: integer('line_unsent').notNull().default(0),
    /** When LINE answered 429 for this alert: its later batches send nothing more through LINE. */
    lineStoppedAt: timestamp('line_stopped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pest_alerts_active_idx').on(table.status, table.activeUntil)],
);

/**
 * A farmer's subscription to one crop in one county by one channel (decision 0403). E-mail ones
 * wait for their confirmation link (`confirmedAt`); each carries its unsubscribe token (kept as is: every alert mail carries it, and it can only end this row).
 * A push one points to the platform's subscription and goes with it (404/410, unsubscribe).
 */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['push', 'email', 'line'] }).notNull(),
    cropId: integer('crop_id').notNull(),
    county: text('county').notNull(),
    /** Who: the e-mail address, the LINE user id, or the push subscription's id as text. */
    target: text('target').notNull(),
    pushSubscriptionId: bigint('push_subscription_id', { mode: 'number' }).references(() => pushSubscriptions.id, {
      onDelete: 'cascade',
    }),
    memberId: integer('member_id'),
    /** A LINE one's discussion identity (decision 0420): its export and erasure take these rows. */
    lineIdentityId: integer('line_identity_id'),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('alert_subscriptions_who_idx').on(table.channel, table.target, table.cropId, table.county),
    index('alert_subscriptions_crop_idx').on(table.cropId, table.county, table.id),
    index('alert_subscriptions_member_idx').on(table.memberId),
    index('alert_subscriptions_line_identity_idx').on(table.lineIdentityId),
  ],
);

/**
 * Who was sent an alert (decision 0404): one row per alert and person (channel and target), so a
 * retried batch or a person subscribed to two of the alert's counties is told once.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => pestAlerts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.alertId, table.channel, table.target] })],
);
