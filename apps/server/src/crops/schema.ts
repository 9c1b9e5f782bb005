import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The one crop vocabulary (decision 0360): every crop the site names, whatever the wizard, the
 * pesticide data or a farmer calls it. `name` is the name shown; `crop_names` holds it and its
 * synonyms (檬果 and 芒果), each by its normalised search key, unique across every crop, so a
 * name or synonym leads to exactly one crop.
 */
export const crops = pgTable(
  'crops',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('crops_name_key').on(table.name)],
);

/** A crop's names: its own name first (`position` 0), then its synonyms in the order staff wrote them. */
export const cropNames = pgTable(
  'crop_names',
  {
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `normaliseSearchText(name)`: 台/臺, 番/蕃 and full-width forms meet here. */
    nameKey: text('name_key').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('crop_names_name_key').on(table.nameKey),
    index('crop_names_crop_idx').on(table.cropId, table.position),
  ],
);

/**
 * Records linked to crops (many to many). The record belongs to the records feature, so no
 * foreign key reaches it; the records feature removes a deleted record's links.
 */
export const cropRecords = pgTable(
  'crop_records',
  {
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id, { onDelete: 'cascade' }),
    recordId: integer('record_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cropId, table.recordId] }),
    index('crop_records_record_idx').on(table.recordId),
  ],
);

/** IPM sheets linked to crops (many to many); the sheet belongs to the reading room, as above. */
export const cropIpmSheets = pgTable(
  'crop_ipm_sheets',
  {
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id, { onDelete: 'cascade' }),
    ipmSheetId: integer('ipm_sheet_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cropId, table.ipmSheetId] }),
    index('crop_ipm_sheets_sheet_idx').on(table.ipmSheetId),
  ],
);
