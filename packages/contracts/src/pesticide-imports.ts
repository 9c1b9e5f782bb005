import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import type { UploadRules } from './uploads';

/**
 * Pesticide-use imports in /admin (decisions 0232–0235): an editor uploads the
 * official CSV of 農藥資訊服務網, reads a preview of what it changes, applies it in one
 * transaction, and may roll the latest imports back. The server validates with these schemas;
 * the admin screens show these labels and messages.
 */

/** replace: the file is the complete data, rows not in it are removed; merge: rows are only added (the command line's default). */
export const pesticideImportModes = ['replace', 'merge'] as const;
export type PesticideImportMode = (typeof pesticideImportModes)[number];
export const pesticideImportModeLabels: Record<PesticideImportMode, string> = {
  replace: '完整取代',
  merge: '只新增',
};

/**
 * reading: the preview is being made in the background (decision 0350); failed: the file could not
 * be read (its error is on the import); pending: the preview is ready and waits to be applied.
 */
export const pesticideImportStatuses = ['reading', 'failed', 'pending', 'applied', 'rolled-back', 'cancelled'] as const;
export type PesticideImportStatus = (typeof pesticideImportStatuses)[number];
export const pesticideImportStatusLabels: Record<PesticideImportStatus, string> = {
  reading: '預覽產生中',
  failed: '無法預覽',
  pending: '預覽中（尚未套用）',
  applied: '已套用',
  'rolled-back': '已還原',
  cancelled: '已取消',
};

export const pesticideChangeKinds = ['added', 'changed', 'removed', 'rejected'] as const;
export type PesticideChangeKind = (typeof pesticideChangeKinds)[number];
export const pesticideChangeKindLabels: Record<PesticideChangeKind, string> = {
  added: '新增',
  changed: '變更',
  removed: '移除',
  rejected: '無法匯入',
};

/** How many applied imports keep the rows they replaced, so they can be rolled back (decision 0234). */
export const pesticideImportsKept = 5;
/** A preview not applied within this many hours is dropped (its uploaded file goes back to the cleanup). */
export const pesticidePreviewHours = 24;
/** Changes per page on the preview screen. */
export const pesticideChangesPageSize = 50;

export const defaultPesticideSource = '農藥資訊服務網';

/** The upload purpose of the pesticide CSV in the upload pipeline (a document, stored as sent). */
export const pesticideCsvUploadPurpose = 'pesticide-csv';
/** The government file is about 1.7 MB (12,000 rows); a CSV checked by content as UTF-8 text. */
export const pesticideCsvUploadRules: UploadRules = { extensions: ['csv'], maxFileMb: 20, maxFiles: 1 };

export const pesticideImportMessages = {
  fileRequired: '請選擇要匯入的 CSV 檔',
  dateRequired: '請填寫資料日期（檔名中沒有日期，例如 pesticides_2022-07-01.csv）',
  dateInvalid: '資料日期請寫成 yyyy/MM/dd，例如 2022/07/01',
  dateInFuture: '資料日期不可晚於今天',
  sourceRequired: '請填寫資料來源',
  sourceTooLong: '資料來源最多 100 個字',
  noRows: '檔案中沒有可匯入的資料列',
  /** What Excel's 「CSV UTF-8」 and the open-data portals write; Big5 from an old Excel is not read. */
  notUtf8: 'CSV 檔必須是 UTF-8 編碼的文字檔，請以「CSV UTF-8」格式另存後再上傳',
  notFound: '找不到這次匯入',
  stale: '這份預覽之後，農藥資料已有其他匯入或還原，預覽已過時。請重新上傳檔案，依目前的資料產生新的預覽。',
  cancelled: '這份預覽已取消，無法套用。請重新上傳檔案。',
  rolledBack: '這次匯入已還原，無法再套用。請重新上傳檔案。',
  nothingToApply: '檔案內容、資料日期與來源都和目前的資料相同，沒有需要套用的變更。',
  notPending: '只有尚未套用的預覽可以取消',
  notApplied: '只有已套用的匯入可以還原',
  notLatest: '只能還原目前網站上的資料所屬的匯入：請先還原較新的匯入',
  historyGone: '這次匯入之前的資料已不再保存，無法還原',
  /** Apply or cancel asked while the preview is still being made. */
  notReady: '預覽還在產生中，請等預覽完成後再套用或取消',
  /** Apply asked of a file that could not be read. */
  failed: '這個檔案無法預覽，請修正後重新上傳',
  /** An apply or rollback happened while the preview was being made: it would compare against mixed data. */
  changedWhileReading: '產生預覽期間，網站上的農藥資料有其他匯入或還原。請重新上傳檔案，依目前的資料產生新的預覽。',
  /** The background work failed for another reason than the file (after its retries). */
  readingFailed: '產生預覽時發生錯誤，請稍後重新上傳檔案；若一再發生，請聯絡系統管理員。',
} as const;

export const pesticideImportDoneMessages = {
  preview: '已讀取檔案。請檢查下列變更，確認無誤後再按「套用」；套用前網站上的資料不會改變。',
  apply: '已套用。推薦用藥頁面與開放資料已換成這份資料。',
  cancel: '已取消這份預覽，網站上的資料沒有改變。',
  'roll-back': '已還原。網站上的資料已回到前一次匯入的內容。',
} as const;

const isoDate = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** A yyyy-MM-dd or yyyy/MM/dd date as yyyy-MM-dd, or null when it is not a real date. */
export function normaliseDate(value: string): string | null {
  const match = isoDate.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date in a file name such as pesticides_2022-07-01.csv (or 2022_07_01, 20220701), as yyyy-MM-dd. */
export function dateFromFileName(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  for (const match of base.matchAll(/(?<!\d)(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})(?!\d)/g)) {
    const date = normaliseDate(`${match[1]}-${match[2]}-${match[3]}`);
    if (date) return date;
  }
  return null;
}

/** Today in Taiwan as yyyy-MM-dd (a data date may not be later). */
export function taiwanToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The import form's text fields (the file comes through the upload pipeline). The date may be
 * left empty when the file name has one; the service then takes that.
 */
export const pesticideImportForm = z.object({
  snapshotDate: z
    .string()
    .trim()
    .max(20, { error: pesticideImportMessages.dateInvalid })
    .refine((value) => value === '' || normaliseDate(value) !== null, { error: pesticideImportMessages.dateInvalid })
    .default('')
    .meta({ title: '資料日期', description: '農藥資訊服務網公布這份資料的日期；空白時取檔名中的日期。' }),
  source: z
    .string()
    .trim()
    .min(1, { error: pesticideImportMessages.sourceRequired })
    .max(100, { error: pesticideImportMessages.sourceTooLong })
    .default(defaultPesticideSource)
    .meta({ title: '資料來源' }),
});
export type PesticideImportForm = z.output<typeof pesticideImportForm>;

/** The import form with its file (the admin's create form, decision 0145): the file field holds a stored file's id. */
export const pesticideImportCreate = z.object({
  file: adminFileField({
    title: '農藥登記資料 CSV 檔',
    purpose: pesticideCsvUploadPurpose,
    rules: pesticideCsvUploadRules,
    description: '農藥資訊服務網公布的原始 CSV，不需修改；第一列是欄位標題',
  }),
  ...pesticideImportForm.shape,
});

/** One import in the history (the admin list, the API). */
export const pesticideImportRow = z.object({
  id: z.number().int().meta({ title: '編號' }),
  title: z.string().meta({ title: '匯入' }),
  status: z.enum(pesticideImportStatuses).meta({ title: '狀態', optionLabels: pesticideImportStatusLabels }),
  mode: z.enum(pesticideImportModes).meta({ title: '方式', optionLabels: pesticideImportModeLabels }),
  current: z.boolean().meta({ title: '目前網站上的資料' }),
  snapshot_date: z.string().nullable().meta({ title: '資料日期' }),
  source: z.string().meta({ title: '資料來源' }),
  file_name: z.string().meta({ title: '檔名' }),
  /** The uploaded CSV as sent (staff download it from the import's screen); null from the command line and seed, or once cancelled. */
  file: z.uuid().nullable().meta({ title: '上傳的原始檔案', widget: 'file' }),
  added: z.number().int().meta({ title: '新增' }),
  changed: z.number().int().meta({ title: '變更' }),
  removed: z.number().int().meta({ title: '移除' }),
  unchanged: z.number().int().meta({ title: '相同' }),
  rejected: z.number().int().meta({ title: '無法匯入' }),
  created_by: z.string().meta({ title: '上傳者' }),
  created_at: z.iso.datetime({ offset: true }).meta({ title: '上傳時間' }),
  imported_at: z.iso.datetime({ offset: true }).nullable().meta({ title: '套用時間' }),
  rolled_back_at: z.iso.datetime({ offset: true }).nullable().meta({ title: '還原時間' }),
  rolled_back_by: z.string().nullable().meta({ title: '還原者' }),
  can_roll_back: z.boolean().meta({ title: '可還原' }),
  /** While the preview is made (status `reading`): data rows read so far, of a file of `total_bytes` bytes. */
  rows_read: z.number().int().meta({ title: '已讀取列數' }),
  bytes_read: z.number().int().meta({ title: '已讀取位元組' }),
  total_bytes: z.number().int().nullable().meta({ title: '檔案大小（位元組）' }),
  /** Why the preview could not be made (status `failed`), in words for the editor. */
  error: z.string().nullable().meta({ title: '無法預覽的原因' }),
});
export type PesticideImportRow = z.infer<typeof pesticideImportRow>;

/** The history of imports: a list for editors and admins; import, preview and rollback are the feature's own screens. */
export const pesticideImportsAdminContract = defineAdminContract({
  name: 'pesticide-imports',
  group: 'content',
  label: '農藥登記資料匯入',
  description: '上傳農藥資訊服務網公布的 CSV，預覽新增、變更、移除與無法匯入的資料列後再套用；可還原最近的匯入。',
  row: pesticideImportRow,
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'status', 'snapshot_date', 'file_name', 'added', 'changed', 'removed', 'rejected', 'created_at'],
  sortable: ['id'],
  defaultSort: { key: 'id', direction: 'desc' },
  // Creating an import is making its preview: nothing on the site changes until it is applied.
  create: pesticideImportCreate,
  filters: z.object({
    status: z
      .enum(pesticideImportStatuses, { error: '不明的狀態' })
      .optional()
      .meta({ title: '狀態', optionLabels: pesticideImportStatusLabels }),
  }),
  // Also POST /api/v1/admin/resources/pesticide-imports/:id/<name>; the screens ask first.
  actions: [
    {
      name: 'apply',
      label: '套用',
      doneMessage: pesticideImportDoneMessages.apply,
      when: { key: 'status', equals: 'pending' },
    },
    {
      name: 'cancel',
      label: '取消預覽',
      doneMessage: pesticideImportDoneMessages.cancel,
      when: { key: 'status', equals: 'pending' },
    },
    {
      name: 'roll-back',
      label: '還原',
      doneMessage: pesticideImportDoneMessages['roll-back'],
      when: { key: 'can_roll_back', equals: true },
    },
  ],
});

/** A pesticide-use row as a preview shows it (the spec's field names). */
export const pesticideChangeRow = z.object({
  sourceRow: z.number().int().nullable(),
  plant: z.string(),
  bugname: z.string(),
  cname: z.string(),
  amount: z.string(),
  typecode: z.string(),
  useA: z.string(),
  useR: z.string(),
  useP: z.string(),
  useT: z.string(),
  usecount: z.string(),
  safe: z.string(),
  method: z.string(),
  notice: z.string(),
  note: z.string(),
  approvedOn: z.string().nullable(),
  registrant: z.string(),
  moa: z.string(),
});
export type PesticideChangeRow = z.infer<typeof pesticideChangeRow>;

/** The columns of the government file behind each field, for the preview's tables (CSV header names). */
export const pesticideChangeFieldLabels: ReadonlyArray<[keyof PesticideChangeRow, string]> = [
  ['sourceRow', '原始列號'],
  ['plant', '作物名稱'],
  ['bugname', '病蟲名稱'],
  ['cname', '普通名稱'],
  ['amount', '含量'],
  ['typecode', '劑型代碼'],
  ['useA', '每公頃每次用量'],
  ['useR', '稀釋倍數'],
  ['useP', '使用時期'],
  ['useT', '施藥間隔'],
  ['usecount', '施用次數'],
  ['safe', '安全採收期'],
  ['method', '施藥方法'],
  ['notice', '注意事項'],
  ['note', '說明'],
  ['approvedOn', '核准日期'],
  ['registrant', '原始登記廠商名稱'],
  ['moa', '作用機制'],
];

export const pesticideChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), line: z.number().int(), after: pesticideChangeRow }),
  z.object({
    kind: z.literal('changed'),
    line: z.number().int(),
    before: pesticideChangeRow,
    after: pesticideChangeRow,
    /** The fields whose value differs. */
    fields: z.array(z.string()),
  }),
  z.object({ kind: z.literal('removed'), before: pesticideChangeRow }),
  z.object({
    kind: z.literal('rejected'),
    line: z.number().int(),
    reason: z.string(),
    /** The first cells as sent (row index, crop, pest, ingredient), to find the row in the file. */
    cells: z.array(z.string()),
  }),
]);
export type PesticideChange = z.infer<typeof pesticideChange>;

/** One import with a page of its changes of one kind (the preview and detail screen). */
export interface PesticideImportDetail {
  import: PesticideImportRow;
  /** The data on the site now (the applied import with the highest sequence), or null. */
  currentImportId: number | null;
  /** Rows on the site now, to show what share a removal is. */
  currentRows: number;
  /** A pending preview that can still be applied (its base is current, and it changes something). */
  applicable: boolean;
  /** Why not, when pending but not applicable. */
  notApplicableReason: string | null;
  /** False once the change list was dropped (cancelled, or older than the kept imports). */
  changesKept: boolean;
  /** For an applied import: the one whose data comes back if it is rolled back (null: none). */
  previousImport: PesticideImportRow | null;
  /** Rows of each kind (the tabs' counts). */
  counts: Record<PesticideChangeKind, number>;
  kind: PesticideChangeKind;
  page: number;
  pageSize: number;
  total: number;
  changes: PesticideChange[];
}

export const pesticideImportDetailQuery = z.object({
  kind: z.enum(pesticideChangeKinds, { error: '不明的變更種類' }).optional(),
  page: z.coerce
    .number({ error: '頁碼必須是數字' })
    .int({ error: '頁碼必須是整數' })
    .min(1, { error: '頁碼必須是正整數' })
    .max(100_000, { error: '頁碼過大' })
    .default(1),
});
