import { z } from 'zod';
import { idSchema } from './envelopes';
import { uploadRulesHint, type UploadRules } from './uploads';

/**
 * The admin shell's contracts. A feature describes each staff table as
 * an `AdminContract` here, in the contracts package, so the browser's forms and the server validate
 * with the same zod schemas; the server adds the roles and the owning feature's services
 * (apps/server/src/platform/admin). Field labels, widgets and option labels come from each field's
 * zod `.meta()`: `title` (required), `widget` ('textarea' | 'json'), `optionLabels` (value → label).
 */

export type AdminFieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'datetime'
  | 'json'
  | 'file';

/**
 * A file field's upload: the purpose its stored file is recorded under (the owning feature attaches
 * it with that purpose) and the rules the browser and the upload pipeline check (decision 0145).
 */
export interface AdminUpload {
  purpose: string;
  rules: UploadRules;
}

/** What the admin reads from a field schema's `.meta()`. */
export interface AdminFieldMeta {
  title: string;
  widget?: 'textarea' | 'json' | 'file';
  optionLabels?: Readonly<Record<string, string>>;
  /** Shown under the field in forms. */
  description?: string;
  /** A file field's upload (widget 'file'). */
  upload?: AdminUpload;
}

export interface AdminField {
  name: string;
  label: string;
  kind: AdminFieldKind;
  required: boolean;
  /** The schema's default (a filter with one shows no "all" choice). */
  defaultValue?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  description?: string;
  upload?: AdminUpload;
}

/**
 * A form field that takes one file through the upload pipeline. The browser sends the file; the
 * server stores it (checked by content, photos re-encoded) and hands the service the stored file's
 * id, which the service attaches in its transaction. Optional in an edit form: left empty, the
 * current file stays.
 */
export function adminFileField(options: { title: string; purpose: string; rules: UploadRules; description?: string }) {
  const hint = uploadRulesHint(options.rules);
  return z.uuid({ error: '請選擇檔案' }).meta({
    title: options.title,
    widget: 'file',
    upload: { purpose: options.purpose, rules: options.rules },
    description: options.description ? `${options.description}（${hint}）` : hint,
  });
}

export type SortDirection = 'asc' | 'desc';

/**
 * The tasks the admin home and its navigation group the resources by (decision 0377), in the
 * order they are shown: answering people first, the site's plumbing last.
 */
export const adminTaskGroups = ['answer', 'content', 'shop', 'people', 'system'] as const;
export type AdminTaskGroup = (typeof adminTaskGroups)[number];
export const adminTaskGroupLabels: Record<AdminTaskGroup, string> = {
  answer: '回覆民眾',
  content: '編輯內容',
  shop: '訂單、商品與下載',
  people: '會員與權限',
  system: '系統與紀錄',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyObject = z.ZodObject<any>;
type KeyOf<Schema extends AnyObject> = keyof z.output<Schema> & string;

/** A staff table: its rows, list columns, sorting, filters and forms, all from zod schemas. */
export interface AdminContract<
  Row extends AnyObject = AnyObject,
  Filters extends AnyObject = AnyObject,
  Create extends AnyObject = AnyObject,
  Update extends AnyObject = AnyObject,
> {
  readonly kind: 'admin-contract';
  /** Its address segment: /admin/<name>, /api/v1/admin/resources/<name>. Lower-case, dashes. */
  name: string;
  /** Its name in the navigation and headings (Traditional Chinese). */
  label: string;
  description?: string;
  /** The task it serves on the admin home and in the navigation (`system` when absent). */
  group?: AdminTaskGroup;
  /**
   * The edit's words when it is not a plain save (the inbox's "edit" mails a reply): the detail
   * screen's link and the form's heading, its submit button, what is said once it is done.
   */
  updateWords?: { verb: string; submit: string; done: string };
  /** One row as the list and the detail screen show it. */
  row: Row;
  /** The row's identifying field, and the schema that reads it from an address (default: a positive int). */
  idKey: KeyOf<Row>;
  id: z.ZodType<string | number>;
  /** The field that names a row in headings ("編輯 <title>"). */
  titleKey: KeyOf<Row>;
  /** The list's columns, in order. */
  columns: ReadonlyArray<KeyOf<Row>>;
  /** The columns the server sorts by. */
  sortable: ReadonlyArray<KeyOf<Row>>;
  defaultSort: { key: KeyOf<Row>; direction: SortDirection };
  /** The list's filters, read from the query string (every field optional; `q` is the search box by convention). */
  filters: Filters;
  /** The create form's fields; absent when rows are not created here. */
  create?: Create;
  /** The edit form's fields; absent when rows are not edited here. */
  update?: Update;
  /**
   * Named operations on one row besides editing (a failed job's retry): a button on the list and
   * the detail screen, shown while the row's `when` field has the given value.
   */
  actions?: ReadonlyArray<AdminAction<KeyOf<Row>>>;
  /**
   * A field the detail screen shows as it will look rather than as its source (a mail's HTML,
   * decision 0378): a sandboxed frame (`sandbox=""`, no scripts) on an address the server answers
   * with a strict Content-Security-Policy; `{key}` placeholders as in `links`.
   */
  framed?: { field: KeyOf<Row>; label: string; href: string };
  /** Two JSON fields the detail screen shows side by side, key by key, with the changed keys marked (an audit entry's before and after). */
  compare?: { before: KeyOf<Row>; after: KeyOf<Row>; labels?: KeyOf<Row> };
  /**
   * The row's personal fields (names, phones, addresses, e-mail, LINE ids; decision 0299): the
   * gateway blanks them (null) for staff whose role does not need them (the resource's
   * `personalDataRoles`), the screens show 「個人資料僅限承辦人員檢視」 instead, and each detail
   * view by a role that does see them is written to the audit log.
   */
  personalFields?: ReadonlyArray<KeyOf<Row>>;
  /** Filters that search personal fields: refused (400) for staff who may not see those fields. */
  personalFilters?: ReadonlyArray<KeyOf<Filters>>;
  /** Rows per page (default 20). */
  pageSize?: number;
  /**
   * Pages related to one row, linked from its detail screen (a record's pictures, its preview as
   * the public sees it): a label and the address (below the site's base) made from the row.
   */
  links?: ReadonlyArray<AdminLink<KeyOf<Row>>>;
  /**
   * Screens for the whole table besides the generated ones (the catalogue's reorder screen), linked
   * beside the list's heading: a label and the address below the site's base.
   */
  listLinks?: ReadonlyArray<{ label: string; href: string }>;
}

export interface AdminLink<Key extends string = string> {
  label: string;
  /** The address: `{key}` is replaced by the row's value of that field, URL-encoded. */
  href: string;
  /** Shown only while the row's field has this value. */
  when?: { key: Key; equals: string | number | boolean };
}

/** A link's address for one row (its `{key}` placeholders filled in). */
export function adminLinkHref(link: AdminLink, row: Record<string, unknown>): string {
  return link.href.replace(/\{([a-z_0-9]+)\}/gi, (_, key: string) => encodeURIComponent(String(row[key] ?? '')));
}

export interface AdminAction<Key extends string = string> {
  /** Its address segment (lower-case, dashes). */
  name: string;
  /** The button's text. */
  label: string;
  /** What the screen says once it is done. */
  doneMessage: string;
  when?: { key: Key; equals: string | number | boolean };
}

/** What the screens show instead of a personal field the viewer's role does not need (decision 0299). */
export const adminHiddenPersonalText = '個人資料僅限承辦人員檢視';

/** Whether an action applies to a row (its `when` condition). */
export function adminActionApplies(action: AdminAction, row: Record<string, unknown>): boolean {
  return !action.when || row[action.when.key] === action.when.equals;
}

/** Declares an admin contract (keeps its schema types for the server's services). */
export function defineAdminContract<
  Row extends AnyObject,
  Filters extends AnyObject,
  Create extends AnyObject = never,
  Update extends AnyObject = never,
>(
  contract: Omit<AdminContract<Row, Filters, Create, Update>, 'kind' | 'id'> & { id?: z.ZodType<string | number> },
): AdminContract<Row, Filters, Create, Update> {
  return { ...contract, id: contract.id ?? idSchema, kind: 'admin-contract' };
}

export function isAdminContract(value: unknown): value is AdminContract {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'admin-contract';
}

/**
 * The form field through which the server tells a form which file it refused (wrong type, too
 * large), as issues beside the field: the upload pipeline reads files before the form's action runs.
 */
export const adminUploadIssuesField = '_uploadIssues';

/** The list query every resource takes besides its own filters. */
export const adminListQuerySchema = z.object({
  page: z.coerce
    .number({ error: '頁碼必須是數字' })
    .int({ error: '頁碼必須是整數' })
    .min(1, { error: '頁碼必須是正整數' })
    .max(100_000, { error: '頁碼過大' })
    .default(1),
  pageSize: z.coerce
    .number({ error: '每頁筆數必須是數字' })
    .int({ error: '每頁筆數必須是整數' })
    .min(5, { error: '每頁至少 5 筆' })
    .max(100, { error: '每頁最多 100 筆' })
    .optional(),
  sort: z.string().max(64).optional(),
  direction: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
});

export interface AdminListQuery<Filters = Record<string, unknown>> {
  page: number;
  pageSize: number;
  sort: { key: string; direction: SortDirection };
  filters: Filters;
}

export interface AdminListPage<Row = Record<string, unknown>> {
  rows: Row[];
  /** Counted up to 10,000 (decision 0429); with `totalCapped` there are more. */
  total: number;
  /** True when the list holds more rows than `total`: shown as 「超過 10,000 筆」. */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

export const adminListPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().min(0),
    totalCapped: z.boolean().optional(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

/** What the viewer may do with a resource: the navigation and the screens' buttons follow it. */
export const adminResourceSummarySchema = z
  .object({
    name: z.string(),
    label: z.string(),
    description: z.string().optional(),
    group: z.enum(adminTaskGroups),
    operations: z.object({
      list: z.boolean(),
      get: z.boolean(),
      create: z.boolean(),
      update: z.boolean(),
      remove: z.boolean(),
    }),
    /** The row actions the viewer may run. */
    actions: z.array(z.string()),
    /** Personal fields this viewer's role does not need: blank in every row, shown as a placeholder. */
    hiddenFields: z.array(z.string()).optional(),
    /** Filters this viewer may not use (they search hidden personal fields). */
    hiddenFilters: z.array(z.string()).optional(),
  })
  .meta({ id: 'AdminResourceSummary' });
export type AdminResourceSummary = z.infer<typeof adminResourceSummarySchema>;
export type AdminOperation = keyof AdminResourceSummary['operations'] | 'act';

/**
 * A count the admin home shows on a resource's card (jobs waiting for a retry, mails not yet sent),
 * with the list it stands for.
 */
export const adminFigureSchema = z.object({
  label: z.string(),
  value: z.number().int().min(0),
  /** The list of what is counted: a query on the resource's list (`?state=retry`), or none. */
  query: z.string().optional(),
  /** Shown as needing attention while the value is not 0 (failed jobs). */
  attention: z.boolean().optional(),
});
export type AdminFigure = z.infer<typeof adminFigureSchema>;
