import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The download area's catalogue ("Catalog detail", "Catalog relation"):
 * types are the menu, details the files, relations put a file under a type. Status is the
 * catalogue enumeration (0 inactive, 1 active, 2 not activated); only active rows are listed.
 */
export const catalogTypes = pgTable(
  'catalog_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(1),
    indexId: integer('index_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('catalog_types_order_idx').on(table.indexId, table.id),
    check('catalog_types_status_check', sql`${table.status} IN (0, 1, 2)`),
  ],
);

export const catalogDetails = pgTable(
  'catalog_details',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The file's name as visitors save it (Chinese names kept). */
    file: text('file').notNull(),
    /** Where the bytes are in the file storage (content-addressed under `downloads/`). */
    storageKey: text('storage_key'),
    /** The upload the bytes came from (stored_files), when an editor sent them in /admin; null for seeded files. */
    storedFileId: uuid('stored_file_id'),
    contentType: text('content_type'),
    size: integer('size'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    /** Written by the team as an example, and said so on the page. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('catalog_details_order_idx').on(table.sort, table.id),
    check('catalog_details_status_check', sql`${table.status} IN (0, 1, 2)`),
  ],
);

export const catalogRelations = pgTable(
  'catalog_relations',
  {
    id: serial('id').primaryKey(),
    catalogTypeId: integer('catalog_type_id')
      .notNull()
      .references(() => catalogTypes.id, { onDelete: 'cascade' }),
    catalogDetailId: integer('catalog_detail_id')
      .notNull()
      .references(() => catalogDetails.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('catalog_relations_type_detail_key').on(table.catalogTypeId, table.catalogDetailId),
    index('catalog_relations_detail_idx').on(table.catalogDetailId),
  ],
);
