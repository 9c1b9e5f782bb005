import { integer, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from '../platform/uploads/stored-files.schema';

/** System settings: one row, id 1, drives the title, meta tags, favicon and analytics. */
export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey(),
  websiteTitle: text('website_title').notNull(),
  description: text('description').notNull().default(''),
  indexFavicon: text('index_favicon'),
  keywords: text('keywords').notNull().default(''),
  gTag: text('g_tag'),
  serviceGmap: text('service_gmap'),
  /** The header's feedback link; null: the deployment's FEEDBACK_FORM_URL, or this site's form. */
  feedbackUrl: text('feedback_url'),
  /** The upload the favicon was made from, when an admin sent one (stored_files). */
  faviconFileId: uuid('favicon_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
  /**
   * Who keeps the personal data and how to reach them, named on /privacy (個人資料保護法 §8):
   * empty until an admin fills them in, when the page names the site instead.
   */
  instituteName: text('institute_name').notNull().default(''),
  privacyContactEmail: text('privacy_contact_email').notNull().default(''),
  privacyContactPhone: text('privacy_contact_phone').notNull().default(''),
  privacyContactAddress: text('privacy_contact_address').notNull().default(''),
  /** The installed app's short name under its home-screen icon; empty: made from the title (decision 0385). */
  appShortName: text('app_short_name').notNull().default(''),
  /** The logo the app's icons are made from, when an admin sent one (stored_files); null: the default logo. */
  appLogoFileId: uuid('app_logo_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Home banner slides. */
export const carousels = pgTable('carousels', {
  id: serial('id').primaryKey(),
  position: text('position').notNull().default('index'),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  pic: text('pic').notNull(),
  picWidth: integer('pic_width').notNull(),
  picHeight: integer('pic_height').notNull(),
  link: text('link'),
  status: smallint('status').notNull().default(1),
  indexId: integer('index_id').notNull().default(0),
  /** The upload the picture came from, when an editor sent one in /admin (stored_files); null for seeded slides. */
  storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'no action' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
