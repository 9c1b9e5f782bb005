import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per demo-content seed set that has been applied, so each is applied once only. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
