import { linkedCropsField } from './crops';
import { z } from 'zod';
import { publicationStateSchema } from './publication';
import { adminFileField, defineAdminContract } from './admin';
import { coverCreateFields, coverRowFields, coverUpdateFields } from './reading-room-files-admin';
import { documentLimitMb, type UploadRules } from './uploads';
import { keywordFilter, publishActions, sortField, stateField, summary, title } from './reading-room-admin-fields';

/**
 * The reading room in /admin: IPM sheets, publications and news, edited by editors and admins on the
 * generated screens (decision 0140). Each is a draft (visitors never see it) or published; staff preview a draft on its public page (`?preview=1`). A news item is public only from its
 * post_at (decisions 0240–0243). Videos, researchers and news have their own files beside this one;
 * the fields they share are in reading-room-admin-fields.ts.
 */

/** Purposes the reading room's uploads are stored under (attached by its services). */
export const ipmSheetPdfUploadPurpose = 'reading-room-ipm-pdf';
export const publicationPdfUploadPurpose = 'reading-room-publication-pdf';

/** The sheet's main file: the public page embeds it in the PDF viewer, so only PDF. */
export const staffPdfUploadRules: UploadRules = { extensions: ['pdf'], maxFileMb: documentLimitMb, maxFiles: 1 };

export { formatTaiwanDateTime, parseTaiwanDateTime, readingRoomAdminMessages } from './reading-room-admin-fields';

// ---- IPM sheets ----

const ipmSheetFields = {
  title: title('標題'),
  category: z
    .string({ error: '請輸入分類' })
    .trim()
    .min(1, { error: '請輸入分類' })
    .max(50, { error: '分類最多 50 個字' })
    .meta({
      title: '分類',
      description: 'IPM 專區左側選單的分類，例如「水稻」「蔬菜」；輸入新名稱即新增一個分類。',
    }),
  detail: summary('摘要', '列表與搜尋結果顯示的簡介；搜尋也會找這段文字。'),
  sort: sortField,
  state: stateField,
  // Links to the crop vocabulary (decision 0361), kept by the crops feature.
  crops: linkedCropsField,
};

export const ipmSheetCreateSchema = z
  .object({
    ...ipmSheetFields,
    pdf: adminFileField({ title: 'PDF 檔案', purpose: ipmSheetPdfUploadPurpose, rules: staffPdfUploadRules }),
    ...coverCreateFields,
  })
  .meta({ id: 'IpmSheetCreate' });

export const ipmSheetUpdateSchema = z
  .object({
    ...ipmSheetFields,
    pdf: adminFileField({
      title: 'PDF 檔案',
      purpose: ipmSheetPdfUploadPurpose,
      rules: staffPdfUploadRules,
      description: '不選擇則保留目前的檔案',
    }).optional(),
    ...coverUpdateFields,
  })
  .meta({ id: 'IpmSheetUpdate' });

export const ipmSheetsAdminContract = defineAdminContract({
  name: 'ipm-sheets',
  group: 'content',
  label: 'IPM 技術資料',
  description: 'IPM 專區的技術資料：每份一個 PDF，依分類與排序列出。草稿只有編輯看得到。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '標題' }),
    category: z.string().meta({ title: '分類' }),
    detail: z.string().meta({ title: '摘要', widget: 'textarea' }),
    sort: z.number().int().meta({ title: '排序' }),
    state: publicationStateSchema,
    crops: z.string().meta({ title: '作物', widget: 'textarea' }),
    pdf_name: z.string().meta({ title: 'PDF 檔名' }),
    pdf: z.uuid().nullable().meta({ title: '上傳的 PDF', widget: 'file' }),
    ...coverRowFields,
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後修改' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['title', 'category', 'state', 'sort'],
  sortable: ['id', 'sort', 'updated_at'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: keywordFilter,
  create: ipmSheetCreateSchema,
  update: ipmSheetUpdateSchema,
  actions: publishActions,
  links: [
    { label: '預覽', href: '/IPM/detail?id={id}&preview=1' },
    { label: '其他檔案', href: '/admin/ipm-files?ipm_id={id}' },
  ],
});

// ---- Publications ----

const publicationFields = {
  title: title('標題').meta({
    title: '標題',
    description:
      '標題最後寫上出版年份，例如「水稻病蟲害綜合管理手冊（2019）」：出版品頁依此分年代；沒有年份歸入 1995 年。',
  }),
  detail: summary('摘要', '列表與搜尋結果顯示的簡介；搜尋也會找這段文字。'),
  state: stateField,
};

export const publicationCreateSchema = z
  .object({
    ...publicationFields,
    pdf: adminFileField({ title: 'PDF 檔案', purpose: publicationPdfUploadPurpose, rules: staffPdfUploadRules }),
    ...coverCreateFields,
  })
  .meta({ id: 'PublicationCreate' });

export const publicationUpdateSchema = z
  .object({
    ...publicationFields,
    pdf: adminFileField({
      title: 'PDF 檔案',
      purpose: publicationPdfUploadPurpose,
      rules: staffPdfUploadRules,
      description: '不選擇則保留目前的檔案',
    }).optional(),
    ...coverUpdateFields,
  })
  .meta({ id: 'PublicationUpdate' });

export const publicationsAdminContract = defineAdminContract({
  name: 'publications',
  group: 'content',
  label: '出版品',
  description: '出版品頁的刊物：每份一個 PDF，依標題末的年份分年代列出。草稿只有編輯看得到。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '標題' }),
    year: z.number().int().meta({ title: '年份' }),
    detail: z.string().meta({ title: '摘要', widget: 'textarea' }),
    state: publicationStateSchema,
    pdf_name: z.string().meta({ title: 'PDF 檔名' }),
    pdf: z.uuid().nullable().meta({ title: '上傳的 PDF', widget: 'file' }),
    ...coverRowFields,
    demo: z.boolean().meta({ title: '示範內容' }),
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後修改' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['title', 'year', 'state'],
  sortable: ['id', 'year', 'updated_at'],
  defaultSort: { key: 'id', direction: 'desc' },
  filters: keywordFilter,
  create: publicationCreateSchema,
  update: publicationUpdateSchema,
  actions: publishActions,
  links: [{ label: '預覽', href: '/publication/detail?id={id}&preview=1' }],
});
