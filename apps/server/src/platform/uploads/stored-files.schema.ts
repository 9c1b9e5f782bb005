import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every file received through the upload pipeline (decision 0111). */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** Random, so an id cannot be guessed; features keep it in their own rows. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 of the bytes received, hex. */
    sha256: text('sha256').notNull(),
    /** Key of the stored file; variants add `_mod` and `_thumb` before the extension. */
    storageKey: text('storage_key').notNull(),
    /** Bytes received (what the quota counts). */
    size: integer('size').notNull(),
    /** The type sniffed from the content (`file-type`), never the name's or the browser's. */
    sourceType: text('source_type').notNull(),
    /** The type the stored file is served as (photos are re-encoded to image/jpeg). */
    contentType: text('content_type').notNull(),
    /** The name the browser gave, shortened and cleaned; shown, never used as a path. */
    fileName: text('file_name').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** What it is for (`consultation-photo`, `discussion-photo` …): files attach only to their purpose. */
    purpose: text('purpose').notNull(),
    /** The signed-in member who sent it; null for a visitor. No foreign key: members belong to a feature. */
    ownerMemberId: integer('owner_member_id'),
    /** The sender's address as a salted hash of the day (decision 0066): a visitor's files are theirs alone. */
    uploaderHash: text('uploader_hash').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'attached', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by attachFiles; a processing file may be attached before its conversion ends. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (table) => [
    index('stored_files_sha256_idx').on(table.sha256),
    index('stored_files_unattached_idx')
      .on(table.createdAt)
      .where(sql`attached_at IS NULL`),
    index('stored_files_uploader_idx').on(table.uploaderHash, table.createdAt),
    index('stored_files_owner_idx').on(table.ownerMemberId, table.createdAt),
    check('stored_files_status_check', sql`${table.status} IN ('pending', 'processing', 'attached', 'failed')`),
  ],
);
