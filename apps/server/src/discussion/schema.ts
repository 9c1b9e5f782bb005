import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { storedFiles } from '../platform/uploads/stored-files.schema';

/**
 * A LINE identity that signed in to the discussion area: the verified ID token's
 * `sub`, name and picture, refreshed at every sign-in. `member_id` links it to a password member
 * (no foreign key: members belong to the accounts feature). Demo identities come from the local
 * development provider and never from LINE.
 */
export const discussionIdentities = pgTable(
  'discussion_identities',
  {
    id: serial('id').primaryKey(),
    lineUserId: text('line_user_id').notNull().unique(),
    displayName: text('display_name').notNull(),
    pictureUrl: text('picture_url').notNull().default(''),
    demo: boolean('demo').notNull().default(false),
    memberId: integer('member_id').unique(),
    /** Set by staff: the identity may read, not post. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('discussion_identities_line_user_id_check', sql`length(${table.lineUserId}) BETWEEN 1 AND 100`)],
);

/** The site's own session for a verified LINE identity (the ID token lives an hour, this longer). */
export const discussionSessions = pgTable(
  'discussion_sessions',
  {
    /** SHA-256 of the cookie's secret. */
    idHash: text('id_hash').primaryKey(),
    identityId: integer('identity_id')
      .notNull()
      .references(() => discussionIdentities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('discussion_sessions_expires_idx').on(table.expiresAt)],
);

/** A question. Deleting and hiding keep the row (audit, moderation). */
export const discussionQuestions = pgTable(
  'discussion_questions',
  {
    id: serial('id').primaryKey(),
    identityId: integer('identity_id')
      .notNull()
      .references(() => discussionIdentities.id),
    dclass: text('dclass').notNull(),
    cropType: text('crop_type').notNull(),
    cropOther: text('crop_other').notNull().default(''),
    describe: text('describe').notNull(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('discussion_questions_identity_idx').on(table.identityId, table.createdAt),
    index('discussion_questions_created_idx').on(table.createdAt),
  ],
);

/**
 * A question's description and note, normalised, with their grams: the moderation list finds a
 * keyword through the GIN index (decision 0441). Goes with the question.
 */
export const discussionQuestionSearch = pgTable(
  'discussion_question_search',
  {
    questionId: integer('question_id')
      .primaryKey()
      .references(() => discussionQuestions.id, { onDelete: 'cascade' }),
    /** The normalised texts, one per line with a line break before and after each: rechecks long terms. */
    textKey: text('text_key').notNull(),
    grams: text('grams').array().notNull(),
  },
  (table) => [index('discussion_question_search_grams_idx').using('gin', table.grams).with({ fastupdate: false })],
);

/** A question's photos in the order sent (`pic`). */
export const discussionQuestionPhotos = pgTable(
  'discussion_question_photos',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => discussionQuestions.id, { onDelete: 'cascade' }),
    // A deleted question's photos go back to the upload cleanup, which removes the rows too.
    storedFileId: uuid('stored_file_id')
      .primaryKey()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [index('discussion_question_photos_question_idx').on(table.questionId, table.position)],
);

/** Who sent each discussion photo: only its LINE identity may attach it, and uploads count per identity. */
export const discussionUploads = pgTable(
  'discussion_uploads',
  {
    // The pipeline gives the same row for the same bytes from the same address on the same day,
    // so two identities behind one address may hold one upload: the first to ask with it keeps it.
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    identityId: integer('identity_id')
      .notNull()
      .references(() => discussionIdentities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.storedFileId, table.identityId] }),
    index('discussion_uploads_identity_idx').on(table.identityId, table.createdAt),
  ],
);

/** A comment; name and picture are the identity's at posting time. */
export const discussionComments = pgTable(
  'discussion_comments',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => discussionQuestions.id),
    identityId: integer('identity_id')
      .notNull()
      .references(() => discussionIdentities.id),
    content: text('content').notNull(),
    username: text('username').notNull(),
    userpic: text('userpic').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('discussion_comments_question_idx').on(table.questionId, table.id),
    index('discussion_comments_identity_idx').on(table.identityId, table.createdAt),
    // The moderation list, newest first (docs/performance.md, "Ten years of data").
    index('discussion_comments_created_idx').on(table.createdAt, table.id),
  ],
);

/** A comment's content, normalised, with its grams, for the moderation list (decision 0441). Goes with the comment. */
export const discussionCommentSearch = pgTable(
  'discussion_comment_search',
  {
    commentId: integer('comment_id')
      .primaryKey()
      .references(() => discussionComments.id, { onDelete: 'cascade' }),
    /** The normalised text as one line, with a line break before and after it: rechecks long terms. */
    textKey: text('text_key').notNull(),
    grams: text('grams').array().notNull(),
  },
  (table) => [index('discussion_comment_search_grams_idx').using('gin', table.grams).with({ fastupdate: false })],
);
