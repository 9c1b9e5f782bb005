import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Requests for a copy of everything the site holds about someone (decision 0308). */
export const personalDataExports = pgTable(
  'personal_data_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose data: 'member' (a member id) or a kind a feature knows alone ('discussion-identity'). */
    subjectKind: text('subject_kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** Where the link is mailed; null when the person fetches it where they asked (LINE-only people). */
    email: text('email'),
    /** The page the mailed link opens, the token appended (e.g. `/member/personal-data/`). */
    linkPath: text('link_path'),
    state: text('state', { enum: ['queued', 'ready', 'downloaded', 'expired'] })
      .notNull()
      .default('queued'),
    storageKey: text('storage_key'),
    tokenHash: text('token_hash').unique(),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (table) => [index('personal_data_exports_subject_idx').on(table.subjectKind, table.subjectId, table.createdAt)],
);
