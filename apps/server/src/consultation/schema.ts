import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pushSubscriptions } from '../platform/push/push.schema';
import { storedFiles } from '../platform/uploads/stored-files.schema';

/**
 * Crops of the diagnosis wizard. Only `online` crops are listed
 *. Ids are the institute's (the home shortcuts link to 10, 9, 3, 5, 2, 7).
 */
export const consultationCrops = pgTable('consultation_crops', {
  id: integer('id').primaryKey(),
  cname: text('cname').notNull(),
  ename: text('ename').notNull().default(''),
  online: boolean('online').notNull().default(true),
  /** The crop's picture (`pic2`): a path the site serves. */
  picture: text('picture').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A crop's wizard levels in order (cid, name). */
export const consultationLevels = pgTable(
  'consultation_levels',
  {
    id: serial('id').primaryKey(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => consultationCrops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 for the first level; the last level's options are the final links. */
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('consultation_levels_crop_position_key').on(table.cropId, table.position)],
);

/**
 * An option card of a level (name, path, pic). Options of the
 * second level on hang under the option chosen one level up (`parent_option_id`). On the last level
 * `name` is 'label-target': the target is a record id, or an IPM sheet id when the label contains IPM.
 */
export const consultationOptions = pgTable(
  'consultation_options',
  {
    id: serial('id').primaryKey(),
    levelId: integer('level_id')
      .notNull()
      .references(() => consultationLevels.id, { onDelete: 'cascade' }),
    parentOptionId: integer('parent_option_id'),
    name: text('name').notNull(),
    /** The ids of the options chosen to reach this one, '/'-joined (spec `path`). */
    path: text('path').notNull().default(''),
    picture: text('picture').notNull().default(''),
    /** True where the step was written by this site's team, not the institute (said on the page). */
    teamAuthored: boolean('team_authored').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('consultation_options_level_parent_idx').on(table.levelId, table.parentOptionId)],
);

/**
 * A farmer's image consultation ("Consultation form data").
 * `receiving` while its photos arrive: invisible to staff and to the public, removed when it
 * expires unfinished. `submitted` once the closing call saw every photo; `answered` after the
 * reply. Public only when `published_at` is set, and then without e-mail or phone.
 */
export const consultationCases = pgTable(
  'consultation_cases',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: ['receiving', 'submitted', 'answered'] })
      .notNull()
      .default('receiving'),
    /** The sender's idempotency key: a retried or double-clicked submission finds its case. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the secret returned by /advNew; photo uploads and the closing call must carry it. */
    uploadTokenHash: text('upload_token_hash'),
    /** Photos announced by the closing call. */
    expectedPhotos: integer('expected_photos'),
    /** The signed-in member who asked; null for a visitor. No foreign key: members belong to a feature. */
    memberId: integer('member_id'),
    askerName: text('asker_name').notNull(),
    askerEmail: text('asker_email').notNull(),
    askerPhone: text('asker_phone').notNull(),
    /** County (spec `city`) and township (spec `area`), from the Taiwan township list. */
    countyId: text('county_id').notNull(),
    countyName: text('county_name').notNull(),
    townshipName: text('township_name').notNull(),
    /** The crop as the farmer gave it (spec `plant`), and the wizard crop when it is one of them. */
    cropName: text('crop_name').notNull(),
    cropId: integer('crop_id').references(() => consultationCrops.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    /** SHA-256 of the private follow link in the submission mail: valid for the life of the case (decision 0303). */
    followTokenHash: text('follow_token_hash'),
    assignedExpertId: integer('assigned_expert_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The expert's reply (spec `note`), sanitised HTML. */
    replyHtml: text('reply_html'),
    /** What the expert wrote (the desk's formatting subset), from which `reply_html` is made. */
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * Whether the asker agreed to publication as an anonymised example (decision 0302):
     * 'asker' ticked the form's box, 'none' did not (or sent no answer), 'prior-publication' marks
     * a case published before the question was asked (migration 0032): it stays published, but the
     * desk cannot publish it again once taken back, and a withdrawal takes it down.
     */
    publishConsent: text('publish_consent', { enum: ['none', 'asker', 'prior-publication'] })
      .notNull()
      .default('none'),
    /** SHA-256 of the follow link in the latest reply mail; the submission mail's link stays valid too. */
    replyTokenHash: text('reply_token_hash'),
    /** When the asker withdrew the case and its personal data was erased (kept only as a published example). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Seen by staff only. */
    staffNote: text('staff_note').notNull().default(''),
    followUpSentAt: timestamp('follow_up_sent_at', { withTimezone: true }),
    /** SHA-256 of the token in the follow-up mail's one-click answers (not the follow link's). */
    followUpTokenHash: text('follow_up_token_hash'),
    followUpAnswer: text('follow_up_answer'),
    followUpAnsweredAt: timestamp('follow_up_answered_at', { withTimezone: true }),
    /** Demo content (the advisory seed): said on the page. Added by migration 0011. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('consultation_cases_idempotency_key').on(table.idempotencyKey),
    index('consultation_cases_status_idx').on(table.status, table.submittedAt),
    index('consultation_cases_published_idx')
      .on(table.publishedAt)
      .where(sql`published_at IS NOT NULL`),
    // The archive's order (published cases by the time they were sent) and the desk's queue (waiting
    // first, then by that time), so neither sorts every case for a page (docs/performance.md, "Ten years of data").
    index('consultation_cases_archive_idx')
      .on(sql`coalesce(${table.submittedAt}, ${table.createdAt})`, table.id)
      .where(sql`published_at IS NOT NULL`),
    index('consultation_cases_queue_idx').on(
      sql`(${table.status} = 'answered')`,
      sql`coalesce(${table.submittedAt}, ${table.createdAt})`,
      table.id,
    ),
    index('consultation_cases_member_idx').on(table.memberId),
    index('consultation_cases_expert_idx').on(table.assignedExpertId),
    check('consultation_cases_status_check', sql`${table.status} IN ('receiving', 'submitted', 'answered')`),
    check(
      'consultation_cases_publish_consent_check',
      sql`${table.publishConsent} IN ('none', 'asker', 'prior-publication')`,
    ),
  ],
);

/** The photos of a case by group (spec: pic1 far, pic2 crop close-up, pic3 pest close-up; 5 each). */
export const consultationCasePhotos = pgTable(
  'consultation_case_photos',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => consultationCases.id, { onDelete: 'cascade' }),
    photoGroup: text('photo_group', { enum: ['pic1', 'pic2', 'pic3'] }).notNull(),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('consultation_case_photos_file_key').on(table.caseId, table.storedFileId),
    index('consultation_case_photos_case_idx').on(table.caseId, table.photoGroup),
    check('consultation_case_photos_group_check', sql`${table.photoGroup} IN ('pic1', 'pic2', 'pic3')`),
  ],
);

/** Records and IPM sheets an expert attached to a reply. */
export const consultationCaseLinks = pgTable(
  'consultation_case_links',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => consultationCases.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['record', 'ipm'] }).notNull(),
    targetId: integer('target_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.caseId, table.kind, table.targetId] })],
);

/** Which experts answer a crop's cases; new cases go to the least loaded of them. */
export const consultationExpertCrops = pgTable(
  'consultation_expert_crops',
  {
    memberId: integer('member_id').notNull(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => consultationCrops.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.cropId] })],
);

/**
 * The search row of a case (advisory archive, decision 0160): the platform's gram index over the
 * crop and place ('n:' grams) and the description and reply ('b:' grams), with the same text rules
 * as the records. Written by `refreshCaseSearch` whenever a case's searchable text or publication
 * changes; the list filters on the case's `published_at`, so an unpublished case is never found.
 */
export const consultationCaseSearch = pgTable(
  'consultation_case_search',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => consultationCases.id, { onDelete: 'cascade' }),
    /** Normalised crop name: the crop filter compares it whole (番茄 meets 蕃茄). */
    cropKey: text('crop_key').notNull(),
    /** Normalised crop, county and township, one per line with a line break before and after each. */
    nameKey: text('name_key').notNull(),
    /** Normalised description and reply text, one per line: rechecks terms longer than the grams. */
    bodyKey: text('body_key').notNull(),
    grams: text('grams').array().notNull(),
    /** The case's `updated_at` when the row was written: a later change means the row is stale. */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('consultation_case_search_grams_idx').using('gin', table.grams).with({ fastupdate: false }),
    index('consultation_case_search_crop_idx').on(table.cropKey),
  ],
);

/**
 * Browsers whose person asked to be told when this case is answered (decision 0401): the asker
 * turned it on from the follow page. Goes with the case and with the subscription.
 */
export const consultationCasePush = pgTable(
  'consultation_case_push',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => consultationCases.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.caseId, table.subscriptionId] })],
);
