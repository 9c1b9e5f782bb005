import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import { staffDocumentUploadRules, staffPhotoUploadRules } from './uploads';

/**
 * The reading room's files in /admin besides the main PDFs (decisions 0244–0246): the
 * cover pictures of IPM sheets, publications and videos, the other downloads of an IPM sheet and a
 * news item's pictures and attachments, each sent through the upload pipeline (photos re-encoded without their metadata, documents
 * checked by their content).
 */

/** The purpose a cover picture is uploaded under (the reading room's services attach only these). */
export const readingRoomCoverUploadPurpose = 'reading-room-cover';

/** The purpose of an IPM sheet's other file. */
export const ipmFileUploadPurpose = 'reading-room-ipm-file';

/** The purposes of a news item's pictures and attachments. */
export const newsPictureUploadPurpose = 'reading-room-news-picture';
export const newsFileUploadPurpose = 'reading-room-news-file';

export const readingRoomFilesMessages = {
  coverConflict: '請擇一：選擇新的封面圖片，或勾選移除封面圖片',
  coverUnreadable: '無法讀取圖片檔案，請換一張照片',
  ipmFileUnknown: '找不到這個檔案',
  ipmFileRequired: '請選擇檔案',
  ipmSheetRequired: '請輸入 IPM 技術資料編號',
  newsRequired: '請輸入最新消息編號',
  newsPictureUnknown: '找不到這張圖片',
  newsFileUnknown: '找不到這個附件',
  altRequired: '請輸入圖片說明',
} as const;

const cover = (description: string) =>
  adminFileField({
    title: '封面圖片',
    purpose: readingRoomCoverUploadPurpose,
    rules: staffPhotoUploadRules,
    description,
  }).optional();

/** A new item's cover: optional (a card without one shows its text only). */
export const coverCreateFields = {
  cover: cover('列表卡片上的圖片，建議橫式 3:2；可不選。照片會重新壓縮並移除拍攝位置等資訊'),
};

/** An edited item's cover: a new picture replaces it, the box takes it away, neither keeps it. */
export const coverUpdateFields = {
  cover: cover('不選擇則保留目前的封面；照片會重新壓縮並移除拍攝位置等資訊'),
  remove_cover: z
    .boolean()
    .default(false)
    .meta({ title: '移除封面圖片', description: '勾選後列表卡片不再顯示封面圖片。' }),
};

/** What the admin rows show of a cover: the upload (when an editor sent one) and whether there is one. */
export const coverRowFields = {
  cover: z.uuid().nullable().meta({ title: '封面圖片（上傳的檔案）', widget: 'file' }),
  cover_image: z.string().meta({ title: '封面圖片' }),
};

/** The admin row's line about a cover: its size, or that there is none. */
export function coverImageText(cover: { width: number | null; height: number | null; pic: string | null }): string {
  return cover.pic && cover.width && cover.height ? `有（${cover.width} × ${cover.height} 像素）` : '無';
}

// ---- An IPM sheet's other files ----

const nameField = z.string().trim().max(100, { error: '檔名最多 100 個字' }).default('').meta({
  title: '顯示名稱',
  description: '公開頁面列出的名稱，也是下載時的檔名；留空則用上傳的檔名。副檔名依檔案內容自動加上。',
});

const sortField = z.coerce
  .number({ error: '排序必須是數字' })
  .int({ error: '排序必須是整數' })
  .min(0, { error: '排序不可小於 0' })
  .max(100_000, { error: '排序最大 100000' })
  .default(0)
  .meta({ title: '排序（小的在前）' });

const ipmIdField = z.coerce
  .number({ error: readingRoomFilesMessages.ipmSheetRequired })
  .int({ error: readingRoomFilesMessages.ipmSheetRequired })
  .positive({ error: readingRoomFilesMessages.ipmSheetRequired })
  .max(2_147_483_647, { error: '找不到這份 IPM 技術資料' });

const document = (description: string) =>
  adminFileField({ title: '檔案', purpose: ipmFileUploadPurpose, rules: staffDocumentUploadRules, description });

export const ipmFileCreateSchema = z
  .object({
    ipm_id: ipmIdField.meta({
      title: 'IPM 技術資料編號',
      description: '從 IPM 技術資料的「其他檔案」連結進來時已填好。',
    }),
    name: nameField,
    sort: sortField,
    upload: document('例如防治曆、簡報或表格'),
  })
  .meta({ id: 'IpmFileCreate' });

export const ipmFileUpdateSchema = z
  .object({
    name: nameField,
    sort: sortField,
    upload: document('不選擇則保留目前的檔案').optional(),
  })
  .meta({ id: 'IpmFileUpdate' });

export type IpmFileCreate = z.output<typeof ipmFileCreateSchema>;
export type IpmFileUpdate = z.output<typeof ipmFileUpdateSchema>;

/**
 * The other downloads of an IPM sheet (spec "IPM other file"), listed on its public page under the
 * main PDF in their order; reached from the sheet's detail screen (decision 0245).
 */
export const ipmFilesAdminContract = defineAdminContract({
  name: 'ipm-files',
  group: 'content',
  label: 'IPM 其他檔案',
  description: 'IPM 技術資料頁面在主要 PDF 之外提供下載的檔案；儲存後公開頁面立即更新。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    ipm_id: z.number().int().meta({ title: 'IPM 技術資料編號' }),
    ipm_title: z.string().meta({ title: 'IPM 技術資料' }),
    name: z.string().meta({ title: '顯示名稱' }),
    type: z.string().meta({ title: '格式' }),
    size: z.number().int().meta({ title: '大小（位元組）' }),
    sort: z.number().int().meta({ title: '排序' }),
    upload: z.uuid().nullable().meta({ title: '上傳的檔案', widget: 'file' }),
  }),
  idKey: 'id',
  titleKey: 'name',
  columns: ['name', 'ipm_title', 'type', 'sort'],
  sortable: ['id', 'sort'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: z.object({
    ipm_id: z.coerce
      .number({ error: 'IPM 技術資料編號必須是數字' })
      .int({ error: 'IPM 技術資料編號必須是整數' })
      .positive({ error: 'IPM 技術資料編號必須是正整數' })
      .max(2_147_483_647, { error: 'IPM 技術資料編號過大' })
      .optional()
      .meta({ title: 'IPM 技術資料編號' }),
  }),
  create: ipmFileCreateSchema,
  update: ipmFileUpdateSchema,
  links: [{ label: '公開頁面', href: '/IPM/detail?id={ipm_id}&preview=1' }],
});

// ---- A news item's pictures and attachments (decision 0246) ----

const newsIdField = z.coerce
  .number({ error: readingRoomFilesMessages.newsRequired })
  .int({ error: readingRoomFilesMessages.newsRequired })
  .positive({ error: readingRoomFilesMessages.newsRequired })
  .max(2_147_483_647, { error: '找不到這則消息' })
  .meta({ title: '最新消息編號', description: '從最新消息的「圖片」或「附件」連結進來時已填好。' });

const newsFilter = z.object({
  news_id: z.coerce
    .number({ error: '最新消息編號必須是數字' })
    .int({ error: '最新消息編號必須是整數' })
    .positive({ error: '最新消息編號必須是正整數' })
    .max(2_147_483_647, { error: '最新消息編號過大' })
    .optional()
    .meta({ title: '最新消息編號' }),
});

const altField = z
  .string({ error: readingRoomFilesMessages.altRequired })
  .trim()
  .min(1, { error: readingRoomFilesMessages.altRequired })
  .max(200, { error: '圖片說明最多 200 個字' })
  .meta({
    title: '圖片說明（替代文字）',
    description: '說明圖片的內容，例如「講習會現場，農友觀察誘殺板」；看不到圖片的讀者會聽到這段文字。',
  });

const newsPhoto = (description: string) =>
  adminFileField({ title: '圖片', purpose: newsPictureUploadPurpose, rules: staffPhotoUploadRules, description });

export const newsPictureCreateSchema = z
  .object({
    news_id: newsIdField,
    alt: altField,
    sort: sortField,
    upload: newsPhoto('照片會重新壓縮並移除拍攝位置等資訊'),
  })
  .meta({ id: 'NewsPictureCreate' });

export const newsPictureUpdateSchema = z
  .object({
    alt: altField,
    sort: sortField,
    upload: newsPhoto('不選擇則保留目前的圖片；照片會重新壓縮並移除拍攝位置等資訊').optional(),
  })
  .meta({ id: 'NewsPictureUpdate' });

export type NewsPictureCreate = z.output<typeof newsPictureCreateSchema>;
export type NewsPictureUpdate = z.output<typeof newsPictureUpdateSchema>;

/** A news item's pictures, shown on its page and its list entry in their order. */
export const newsPicturesAdminContract = defineAdminContract({
  name: 'news-pictures',
  group: 'content',
  label: '最新消息圖片',
  description: '最新消息內容頁與列表顯示的圖片；儲存後公開頁面立即更新。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    news_id: z.number().int().meta({ title: '最新消息編號' }),
    news_title: z.string().meta({ title: '最新消息' }),
    alt: z.string().meta({ title: '圖片說明（替代文字）' }),
    sort: z.number().int().meta({ title: '排序' }),
    width: z.number().int().meta({ title: '寬（像素）' }),
    height: z.number().int().meta({ title: '高（像素）' }),
    upload: z.uuid().nullable().meta({ title: '上傳的圖片', widget: 'file' }),
  }),
  idKey: 'id',
  titleKey: 'alt',
  columns: ['alt', 'news_title', 'sort'],
  sortable: ['id', 'sort'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: newsFilter,
  create: newsPictureCreateSchema,
  update: newsPictureUpdateSchema,
  links: [{ label: '預覽公開頁面', href: '/news/detail?id={news_id}&preview=1' }],
});

const newsDocument = (description: string) =>
  adminFileField({ title: '檔案', purpose: newsFileUploadPurpose, rules: staffDocumentUploadRules, description });

export const newsFileCreateSchema = z
  .object({
    news_id: newsIdField,
    name: nameField,
    sort: sortField,
    upload: newsDocument('例如報名表、議程或簡報'),
  })
  .meta({ id: 'NewsFileCreate' });

export const newsFileUpdateSchema = z
  .object({
    name: nameField,
    sort: sortField,
    upload: newsDocument('不選擇則保留目前的檔案').optional(),
  })
  .meta({ id: 'NewsFileUpdate' });

export type NewsFileCreate = z.output<typeof newsFileCreateSchema>;
export type NewsFileUpdate = z.output<typeof newsFileUpdateSchema>;

/** A news item's attachments, listed for download on its page in their order. */
export const newsFilesAdminContract = defineAdminContract({
  name: 'news-files',
  group: 'content',
  label: '最新消息附件',
  description: '最新消息內容頁提供下載的附件；儲存後公開頁面立即更新。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    news_id: z.number().int().meta({ title: '最新消息編號' }),
    news_title: z.string().meta({ title: '最新消息' }),
    name: z.string().meta({ title: '顯示名稱' }),
    type: z.string().meta({ title: '格式' }),
    size: z.number().int().meta({ title: '大小（位元組）' }),
    sort: z.number().int().meta({ title: '排序' }),
    upload: z.uuid().nullable().meta({ title: '上傳的檔案', widget: 'file' }),
  }),
  idKey: 'id',
  titleKey: 'name',
  columns: ['name', 'news_title', 'type', 'sort'],
  sortable: ['id', 'sort'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: newsFilter,
  create: newsFileCreateSchema,
  update: newsFileUpdateSchema,
  links: [{ label: '預覽公開頁面', href: '/news/detail?id={news_id}&preview=1' }],
});
