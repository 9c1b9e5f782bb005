import { date, pgTable, text } from 'drizzle-orm/pg-core';

/** One random salt per UTC day, shared by every server process, for hashing visitors' addresses (decision 0066). */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
