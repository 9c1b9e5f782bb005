import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { storedFiles } from '../platform/uploads/stored-files.schema';

// Reading-room content. Files live
// in FileStorage; rows keep the storage key and the original (Chinese) file name to send it as.

/** Cover pictures are public files; width and height let pages reserve their space. */
const cover = {
  coverPic: text('cover_pic'),
  coverWidth: integer('cover_width'),
  coverHeight: integer('cover_height'),
  /** The upload the cover was published from (stored_files), when an editor sent it in /admin; null for seeded covers. */
  coverFileId: uuid('cover_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
};

const storedFile = {
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  size: integer('size').notNull(),
};

/** IPM sheets: one PDF each, grouped by category (spec field `name`). */
export const ipmSheets = pgTable(
  'ipm_sheets',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    pdfKey: text('pdf_key').notNull(),
    pdfName: text('pdf_name').notNull(),
    pdfSize: integer('pdf_size').notNull(),
    /** The upload the PDF came from (stored_files), when an editor sent it in /admin; null for seeded files. */
    pdfFileId: uuid('pdf_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
    ...cover,
    sort: integer('sort').notNull().default(0),
    /** 1 published, 0 a draft visitors never see (decision 0240). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by every write of the searchable text: a search row older than it is rewritten (readingRoomSearch). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ipm_sheets_category_idx').on(table.category, table.sort)],
);

/** Further downloads of an IPM sheet (spec "IPM other file": iid, Name, Type). */
export const ipmFiles = pgTable(
  'ipm_files',
  {
    id: serial('id').primaryKey(),
    ipmId: integer('ipm_id')
      .notNull()
      .references(() => ipmSheets.id, { onDelete: 'cascade' }),
    ...storedFile,
    sort: integer('sort').notNull().default(0),
    /** The upload the file came from (stored_files), when an editor sent it in /admin; null for seeded files. */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
  },
  (table) => [index('ipm_files_ipm_idx').on(table.ipmId)],
);

export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    // The spec's rule, kept by the database so an edited title can never disagree with its year:
    // the first four digits within the last six characters of the title, else 1995.
    year: integer('year')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(substring(right(title, 6) from '[0-9]{4}')::integer, 1995)`),
    pdfKey: text('pdf_key').notNull(),
    pdfName: text('pdf_name').notNull(),
    pdfSize: integer('pdf_size').notNull(),
    /** The upload the PDF came from (stored_files), when an editor sent it in /admin; null for seeded files. */
    pdfFileId: uuid('pdf_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
    ...cover,
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    status: smallint('status').notNull().default(1),
    /** Set by every write of the searchable text: a search row older than it is rewritten (readingRoomSearch). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written by the site team as demo content (the seed), said on the page. */
    demo: boolean('demo').notNull().default(false),
  },
  (table) => [index('publications_year_idx').on(table.year, table.publishedAt)],
);

/**
 * A video is either a YouTube video (played in the privacy-enhanced player) or a self-hosted clip
 * kept in FileStorage and served by /files/video/{id}: exactly one of the two (videos_source_check).
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    youtubeId: text('youtube_id'),
    clipKey: text('clip_key'),
    clipName: text('clip_name'),
    clipSize: integer('clip_size'),
    ...cover,
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    status: smallint('status').notNull().default(1),
    /** Set by every write of the searchable text: a search row older than it is rewritten (readingRoomSearch). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'videos_source_check',
      sql`(${table.youtubeId} is not null and ${table.clipKey} is null and ${table.clipName} is null and ${table.clipSize} is null)
        or (${table.youtubeId} is null and ${table.clipKey} is not null and ${table.clipName} is not null and ${table.clipSize} is not null)`,
    ),
  ],
);

/** Quick-start notices (spec "Quick item": id, title, announceTime, Ncontent, files). */
export const quickItems = pgTable('quick_items', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** Rich text as entered; sanitised on every read. */
  content: text('content').notNull().default(''),
  announceTime: timestamp('announce_time', { withTimezone: true }).notNull().defaultNow(),
  /** 1 published, 0 a draft visitors never see. */
  status: smallint('status').notNull().default(1),
  /** When an editor created it. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const quickFiles = pgTable(
  'quick_files',
  {
    id: serial('id').primaryKey(),
    quickId: integer('quick_id')
      .notNull()
      .references(() => quickItems.id, { onDelete: 'cascade' }),
    ...storedFile,
    /** The upload the file came from (stored_files), when an editor sent it in /admin; null for seeded files. */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('quick_files_quick_idx').on(table.quickId)],
);

export const researchers = pgTable('researchers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  room: text('room').notNull(),
  job: text('job').notNull(),
  sex: text('sex', { enum: ['M', 'F'] }).notNull(),
  specialty: text('specialty').notNull(),
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  /** A demo entry written by the site team (the seed), not a real person. */
  demo: boolean('demo').notNull().default(false),
});

/** News: any truthy status is shown, newest post_at first. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    status: smallint('status').notNull().default(1),
    postAt: timestamp('post_at', { withTimezone: true }).notNull().defaultNow(),
    class: text('class', { enum: ['fruit', 'grain', 'flower', 'vegetable', 'mushroom'] }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Rich text as entered; sanitised on every read. */
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('news_class_post_at_idx').on(table.class, table.postAt),
    // Every class at once, newest first: the public list and the admin's (docs/performance.md, "Ten years of data").
    index('news_post_at_idx').on(table.postAt, table.id),
  ],
);

/**
 * A news item's pictures (decision 0246): public files (under /files/public/) with the size and the
 * alternative text a page needs, in their order. Were the item's `pics` JSON before migration 0026.
 */
export const newsPictures = pgTable(
  'news_pictures',
  {
    id: serial('id').primaryKey(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    file: text('file').notNull(),
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The upload the picture was published from (stored_files), when an editor sent it in /admin; null for seeded pictures. */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
  },
  (table) => [index('news_pictures_news_idx').on(table.newsId, table.sort)],
);

/**
 * A news item's attachments (decision 0246), in their order. `number` is stable within the item and
 * names the file in its download address (/files/news/{id}/{number}), as the `files` JSON's `id` did.
 */
export const newsFiles = pgTable(
  'news_files',
  {
    id: serial('id').primaryKey(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    ...storedFile,
    sort: integer('sort').notNull().default(0),
    /** The upload the file came from (stored_files), when an editor sent it in /admin; null for seeded files. */
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
  },
  (table) => [uniqueIndex('news_files_number_idx').on(table.newsId, table.number)],
);

/** The kinds of reading-room items the search reads; `kind` of a `reading_room_search` row. */
export type ReadingRoomSearchKind = 'ipm' | 'publication' | 'video';

/**
 * The search row of an IPM sheet, publication or video: the platform's gram index
 * (decision 0160) with the records' text rules — the title (and an IPM sheet's category) as names,
 * the summary as body text. Written by `refreshReadingRoomSearch` in the transaction that changes
 * the item's text; the start hook rewrites rows older than their item's `updated_at`. Lists filter on
 * the item's own `status`, so a hidden item is never found.
 */
export const readingRoomSearch = pgTable(
  'reading_room_search',
  {
    kind: text('kind').$type<ReadingRoomSearchKind>().notNull(),
    itemId: integer('item_id').notNull(),
    /** Normalised names, one per line with a line break before and after each. */
    nameKey: text('name_key').notNull(),
    /** Normalised body text, one line per paragraph: rechecks terms longer than the grams. */
    bodyKey: text('body_key').notNull(),
    grams: text('grams').array().notNull(),
    /** The item's `updated_at` when the row was written: a later change means the row is stale. */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    index('reading_room_search_grams_idx').using('gin', table.grams).with({ fastupdate: false }),
  ],
);

/**
 * The external links of /link, edited in /admin (decision
 * 0247). Migration 0025 adds the six the site had as a constant, with `urlChecked` false: their
 * targets were never confirmed to open the page their title promises.
 */
export const relatedLinks = pgTable('related_links', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  /** Hidden links stay in the admin but are not on /link. */
  hidden: boolean('hidden').notNull().default(false),
  /** An editor has opened the address and confirmed it is the page the title promises. */
  urlChecked: boolean('url_checked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
