import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per create form sent with a key (decision 0276): a retried or double-clicked post of the
 * same form answers with the row the first one created instead of creating it again. Rows older
 * than a day are removed by the hourly `admin.remove-old-create-keys` job.
 */
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
