import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per create form sent with a key (decision 0276). */
export const adminCreateKeys = pgTable(
  'admin_create_keys',
  {
    /** Made when the create screen was shown (a hidden field), or the API caller's Idempotency-Key. */
    key: uuid('key').primaryKey(),
    /** The admin resource and the staff member the key was first used for: another use is refused. */
    resource: text('resource').notNull(),
    actorId: integer('actor_id').notNull(),
    /** The created row's id as the resource returns it (a number or a text); null while creating. */
    createdId: jsonb('created_id').$type<string | number>(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_create_keys_claimed_at_idx').on(table.claimedAt)],
);
