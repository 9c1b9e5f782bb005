import { sql } from 'drizzle-orm';
import {
  diseaseClasses,
  pesticideChangeKinds,
  pesticideImportModes,
  pesticideImportStatuses,
  pictureClasses,
  publicationStates,
  recordTypes,
} from '@pest/contracts';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { storedFiles } from '../platform/uploads/stored-files.schema';

const longText = (name: string) => text(name).notNull().default('');

/** `column IN ('a', 'b', …)` for a check constraint over a contract's fixed list. */
const oneOf = (column: PgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

/**
 * Pest, disease, beneficial-insect and mite records. Column names follow
 * the spec's fields. Search reads `record_search`, not this table.
 */
export const records = pgTable(
  'records',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    diseaseClass: text('disease_class'),
    cName: text('c_name').notNull(),
    eName: longText('e_name'),
    name: longText('name'),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    eClass1: longText('e_class1'),
    eClass2: longText('e_class2'),
    eClass3: longText('e_class3'),
    eClass4: longText('e_class4'),
    eClass5: longText('e_class5'),
    cClass1: longText('c_class1'),
    cClass2: longText('c_class2'),
    cClass3: longText('c_class3'),
    property: longText('property'),
    life: longText('life'),
    distribute: longText('distribute'),
    harm: longText('harm'),
    harmPart: longText('harm_part'),
    harmDetail: longText('harm_detail'),
    liter: longText('liter'),
    control: longText('control'),
    /** The 病蟲名稱 values of the pesticide data this record links to (drug1, drug2 are the first two). */
    pesticideNames: text('pesticide_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    views: integer('views').notNull().default(0),
    /** Written by the site team as demo content (the seed), said on the page. */
    demo: boolean('demo').notNull().default(false),
    /**
     * Draft or published (decision 0250): a draft is seen by staff only, in the
     * preview. Records written before drafts existed, and the seed's, are published; the admin's
     * create form starts a draft.
     */
    state: text('state').notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('records_type_check', oneOf(table.type, recordTypes)),
    check('records_state_check', oneOf(table.state, publicationStates)),
    check(
      'records_disease_class_check',
      sql`${table.diseaseClass} is null or ${oneOf(table.diseaseClass, diseaseClasses)}`,
    ),
    index('records_views_idx').on(table.views.desc(), table.id),
    index('records_created_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * The search row of each record (decision 0042), derived by `recordSearchEntry` in the same
 * transaction whenever a record is written, never by hand. Kept apart from `records` and narrow:
 * the grams and body text are moved out of line (toast_tuple_target in the migration), so
 * counting and ranking thousands of matches reads a few pages of short rows and never the text.
 */
export const recordSearch = pgTable(
  'record_search',
  {
    recordId: integer('record_id')
      .primaryKey()
      .references(() => records.id, { onDelete: 'cascade' }),
    /** Copies of records.type and records.c_name, for filtering and ordering without the wide row. */
    type: text('type').notNull(),
    cName: text('c_name').notNull(),
    nameKey: text('name_key').notNull(),
    aliasKey: longText('alias_key'),
    latinKey: longText('latin_key'),
    bodyKey: longText('body_key'),
    /** Every distinct one-to-three-character run of the names ('n:…') and body ('b:…'). */
    grams: text('grams').array().notNull(),
  },
  (table) => [
    index('record_search_grams_idx').using('gin', table.grams).with({ fastupdate: false }),
    // The list with no search term: one type filter, in name order.
    index('record_search_type_name_idx').on(table.type, sql`${table.cName} collate "C"`, table.recordId),
  ],
);

/**
 * Which visitor has had a view of which record counted in which hour, so a view counts once per
 * visitor, record and hour across every server process (decision 0066). `visitor` is a hash of
 * the address under the day's salt (platform/privacy); rows older than two hours are deleted.
 * No foreign key: a record deleted meanwhile must not fail a whole batch of views.
 */
export const recordViewMarks = pgTable(
  'record_view_marks',
  {
    visitor: text('visitor').notNull(),
    recordId: integer('record_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.visitor, table.recordId, table.hour] }),
    index('record_view_marks_hour_idx').on(table.hour),
  ],
);

/** Pictures of a record; the files live in FileStorage under records/<id>/. */
export const recordPictures = pgTable(
  'record_pictures',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    /** Stored file name without extension; the _thumb and _mod variants add a suffix to it. */
    name: text('name').notNull(),
    /** File extension (spec field Type). */
    type: text('type').notNull(),
    class: text('class').notNull(),
    obj: text('obj').notNull().default('pic'),
    display: boolean('display').notNull().default(true),
    caption: text('caption').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Who took or drew it (作者／來源), shown with the picture; '' for the seed's illustrations. */
    credit: text('credit').notNull().default(''),
    /** Its licence (授權), shown with the picture, e.g. CC BY 4.0 or 研究單位自有. */
    licence: text('licence').notNull().default(''),
    /**
     * An editor's upload (decision 0251): the stored file of the upload pipeline, served in its
     * full, mod and thumb sizes; null for the seed's pictures, whose variants lie under records/<id>/.
     */
    storedFileId: uuid('stored_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('record_pictures_class_check', oneOf(table.class, pictureClasses)),
    index('record_pictures_record_idx').on(table.recordId, table.sort, table.id),
    uniqueIndex('record_pictures_file_idx').on(table.recordId, table.name, table.type),
  ],
);

/**
 * One import of pesticide-use data (decision 0232): a preview computed against the data then on
 * the site (`pending`, with its `pesticide_import_changes`), applied once (`applied`, numbered by
 * `sequence`), possibly rolled back later (`rolled-back`) or dropped unapplied (`cancelled`).
 * The data on the site is the applied import with the highest sequence; its source and
 * `snapshot_date` are what the pesticide pages show.
 */
export const pesticideImports = pgTable(
  'pesticide_imports',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: pesticideImportStatuses }).notNull().default('applied'),
    mode: text('mode', { enum: pesticideImportModes }).notNull().default('merge'),
    source: text('source').notNull(),
    snapshotDate: date('snapshot_date', { mode: 'string' }),
    fileName: text('file_name').notNull(),
    /** The uploaded file (the admin's import), kept with an applied import; null from the command line and seed. */
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** The applied import the preview was computed against (null: none was applied); apply refuses when it is no longer current. */
    baseImportId: integer('base_import_id'),
    /** Order of application: the current data is the applied import with the highest. */
    sequence: integer('sequence'),
    accepted: integer('accepted').notNull(),
    rejected: integer('rejected').notNull(),
    /** Rows added (new to the data). */
    inserted: integer('inserted').notNull(),
    changed: integer('changed').notNull().default(0),
    removed: integer('removed').notNull(),
    unchanged: integer('unchanged').notNull().default(0),
    /** Who made the preview (an account, `cli` or `seed`). */
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was applied (null while pending or when cancelled). */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    rolledBackBy: text('rolled_back_by'),
    /** False once the rows it replaced were deleted to bound the history: it can no longer be rolled back. */
    historyKept: boolean('history_kept').notNull().default(true),
    /** The background preview's progress (status `reading`, decision 0350): data rows and bytes of the file read. */
    rowsRead: integer('rows_read').notNull().default(0),
    bytesRead: integer('bytes_read').notNull().default(0),
    /** The uploaded file's size; null from the command line and seed. */
    totalBytes: integer('total_bytes'),
    /** Why the preview failed (status `failed`): the message the import screen shows. */
    error: text('error'),
  },
  (table) => [
    check('pesticide_imports_status_check', oneOf(table.status, pesticideImportStatuses)),
    check('pesticide_imports_mode_check', oneOf(table.mode, pesticideImportModes)),
    uniqueIndex('pesticide_imports_sequence_idx').on(table.sequence),
  ],
);

/**
 * Registered pesticide uses (government 農藥資訊服務網 data), one row per source row, in the
 * spec's field names. `row_key` is a content hash
 * plus the occurrence number of identical rows, so importing the same file again changes nothing.
 * A row an import replaces or removes stays, marked with that import (`removed_by_import_id`),
 * so rolling the import back restores it exactly; the site shows only rows without the mark.
 */
export const pesticideUses = pgTable(
  'pesticide_uses',
  {
    id: serial('id').primaryKey(),
    rowKey: text('row_key').notNull(),
    importId: integer('import_id')
      .notNull()
      .references(() => pesticideImports.id),
    removedByImportId: integer('removed_by_import_id').references(() => pesticideImports.id),
    sourceRow: integer('source_row'),
    plant: text('plant').notNull(),
    bugname: text('bugname').notNull(),
    cname: text('cname').notNull(),
    amount: longText('amount'),
    typecode: longText('typecode'),
    useA: longText('use_a'),
    useR: longText('use_r'),
    useP: longText('use_p'),
    useT: longText('use_t'),
    usecount: longText('usecount'),
    safe: longText('safe'),
    method: longText('method'),
    notice: longText('notice'),
    note: longText('note'),
    approvedOn: date('approved_on', { mode: 'string' }),
    registrant: longText('registrant'),
    moa: longText('moa'),
  },
  (table) => [
    uniqueIndex('pesticide_uses_current_row_key_idx')
      .on(table.rowKey)
      .where(sql`removed_by_import_id IS NULL`),
    // The name-first lookup (decision 0432): a pest's crops, the mode-of-action groups and counts of
    // one crop's uses and the ids of a page in source order, all read from the index alone.
    index('pesticide_uses_current_lookup_idx')
      .on(table.bugname, table.plant, table.sourceRow, table.id, table.moa)
      .where(sql`removed_by_import_id IS NULL`),
    // The crop-first lookup (decision 0363): a crop's uses grouped by pest with each pest's first source row,
    // from this index alone, without reading other crops (decision 0454).
    index('pesticide_uses_current_crop_idx')
      .on(table.plant, table.bugname, table.sourceRow)
      .where(sql`removed_by_import_id IS NULL`),
    index('pesticide_uses_import_idx').on(table.importId),
    index('pesticide_uses_removed_by_idx').on(table.removedByImportId),
  ],
);

/**
 * What an import changes, computed when its preview is made (decision 0232): the editor reads
 * these pages before applying, and applying writes exactly them. `use_id` names the current row a
 * change or removal replaces; `after` holds the new row (added, changed) and `before` the old one
 * (changed, removed) as it was when previewed; a rejected row has its line, reason and raw cells.
 */
export const pesticideImportChanges = pgTable(
  'pesticide_import_changes',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => pesticideImports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: pesticideChangeKinds }).notNull(),
    /** Order on the preview: the file's order (added, changed, rejected), the data's (removed). */
    position: integer('position').notNull(),
    /** The line of the file (1 = header); null for a removal. */
    line: integer('line'),
    useId: integer('use_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (table) => [
    check('pesticide_import_changes_kind_check', oneOf(table.kind, pesticideChangeKinds)),
    index('pesticide_import_changes_import_idx').on(table.importId, table.kind, table.position),
  ],
);
