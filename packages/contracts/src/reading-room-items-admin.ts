import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import { publicationStateLabels, publicationStateSchema } from './publication';
import { parseTaiwanDateTime } from './reading-room-admin';
import { staffDocumentUploadRules } from './uploads';

/**
 * Quick-start items, their files and the related links in /admin (decisions 0247–0249).
 * Quick-start items are drafts or published like the other reading-room items and previewed on
 * their public page (`?preview=1`); their files are a child resource listed by item. The related
 * links of /link live in a table an editor keeps (decision 0247).
 */

/** The upload purpose of a quick-start item's file: its service attaches only files sent for it. */
export const quickFileUploadPurpose = 'reading-room-quick-file';

export const readingRoomItemsMessages = {
  quickItemUnknown: '找不到這則快速入門',
  quickFileUnknown: '找不到這個檔案',
  quickFileRequired: '請選擇檔案',
  quickIdRequired: '請輸入快速入門編號',
  relatedLinkUnknown: '找不到這個相關連結',
  urlInvalid: '請輸入 https:// 開頭的完整網址，例如 https://www.example.gov.tw/page',
  announceFormat: '請依「yyyy/MM/dd HH:mm」輸入，例如 2026/01/31 09:00',
  announceInvalid: '沒有這個日期時間',
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(max, { error: `${label}最多 ${max} 個字` })
    .meta({ title: label });

const sortField = z.coerce
  .number({ error: '排序必須是數字' })
  .int({ error: '排序必須是整數' })
  .min(0, { error: '排序不可小於 0' })
  .max(100_000, { error: '排序最大 100000' })
  .default(0)
  .meta({ title: '排序（小的在前）' });

const stateFilter = publicationStateSchema.optional().meta({ title: '發布狀態', optionLabels: publicationStateLabels });

// ---- Quick-start items ----

const taiwanTimePattern = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}(?::\d{2})?$/;

const announceTimeField = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || taiwanTimePattern.test(value), { error: readingRoomItemsMessages.announceFormat })
  .refine((value) => value === '' || !taiwanTimePattern.test(value) || parseTaiwanDateTime(value) !== null, {
    error: readingRoomItemsMessages.announceInvalid,
  })
  .meta({
    title: '更新日期',
    description:
      '臺灣時間，格式 yyyy/MM/dd HH:mm，例如 2026/01/31 09:00。新增時留空為儲存當下，修改時留空則保留原日期。列表依此日期由新到舊排列。',
  });

export const quickItemWriteSchema = z
  .object({
    title: requiredText('標題', 200),
    content: z.string().trim().max(50_000, { error: '內文最多 50000 個字' }).default('').meta({
      title: '內文',
      widget: 'textarea',
      description: '空一行分段；也可使用 <p>、<a>、<strong>、<ul> 等基本 HTML，顯示前會清理。',
    }),
    announce_time: announceTimeField,
    state: publicationStateSchema.default('draft').meta({
      title: '發布狀態',
      optionLabels: publicationStateLabels,
      description: '草稿只有編輯看得到，可用「預覽」檢查；發布後訪客立即看得到。',
    }),
  })
  .meta({ id: 'QuickItemWrite' });
export type QuickItemWrite = z.output<typeof quickItemWriteSchema>;

export const quickItemsAdminContract = defineAdminContract({
  name: 'quick-items',
  group: 'content',
  label: '快速入門',
  description: '快速入門頁的說明文章，每則可附下載檔案（在文章的「檔案」管理）。草稿只有編輯看得到。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '標題' }),
    content: z.string().meta({ title: '內文', widget: 'textarea' }),
    announce_time: z.string().meta({ title: '更新日期' }),
    state: publicationStateSchema,
    files: z.number().int().meta({ title: '檔案數' }),
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後修改' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['title', 'announce_time', 'state', 'files'],
  sortable: ['id', 'announce_time', 'updated_at'],
  defaultSort: { key: 'announce_time', direction: 'desc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '關鍵字最多 100 個字' }).optional().meta({ title: '關鍵字' }),
    state: stateFilter,
  }),
  create: quickItemWriteSchema,
  update: quickItemWriteSchema,
  actions: [
    {
      name: 'publish',
      label: '發布',
      doneMessage: '已發布，訪客現在看得到。',
      when: { key: 'state', equals: 'draft' },
    },
    {
      name: 'unpublish',
      label: '改回草稿',
      doneMessage: '已改回草稿，訪客看不到了。',
      when: { key: 'state', equals: 'published' },
    },
  ],
  links: [
    { label: '檔案', href: '/admin/quick-files?quick_id={id}' },
    { label: '預覽', href: '/quick/detail?id={id}&preview=1' },
  ],
});

// ---- A quick-start item's files ----

const quickFileName = z
  .string()
  .trim()
  .max(200, { error: '檔案名稱最多 200 個字' })
  // eslint-disable-next-line no-control-regex -- a file name must not carry control characters either
  .refine((value) => !/[\\/:*?"<>|\u0000-\u001f]/.test(value), {
    error: '檔案名稱不可包含 \\ / : * ? " < > | 等符號',
  })
  .default('')
  .meta({
    title: '檔案名稱',
    description:
      '下載清單顯示、訪客儲存時的檔名，例如「病蟲害診斷申請表」；留空則用上傳檔案的原檔名。副檔名會自動補上。',
  });

const quickFileUpload = (description: string) =>
  adminFileField({ title: '檔案', purpose: quickFileUploadPurpose, rules: staffDocumentUploadRules, description });

export const quickFileCreateSchema = z
  .object({
    quick_id: z.coerce
      .number({ error: readingRoomItemsMessages.quickIdRequired })
      .int({ error: readingRoomItemsMessages.quickIdRequired })
      .positive({ error: readingRoomItemsMessages.quickIdRequired })
      .max(2_147_483_647, { error: readingRoomItemsMessages.quickItemUnknown })
      .meta({ title: '快速入門編號', description: '從快速入門的「檔案」連結進來時已填好。' }),
    name: quickFileName,
    sort: sortField,
    upload: quickFileUpload('PDF 或 Office 文件'),
  })
  .meta({ id: 'QuickFileCreate' });

export const quickFileUpdateSchema = z
  .object({
    name: quickFileName,
    sort: sortField,
    upload: quickFileUpload('不選擇則保留目前的檔案').optional(),
  })
  .meta({ id: 'QuickFileUpdate' });
export type QuickFileCreate = z.output<typeof quickFileCreateSchema>;
export type QuickFileUpdate = z.output<typeof quickFileUpdateSchema>;

export const quickFilesAdminContract = defineAdminContract({
  name: 'quick-files',
  group: 'content',
  label: '快速入門檔案',
  description: '快速入門文章下方「檔案下載」的檔案，依排序列出；儲存後公開頁面立即更新。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    quick_id: z.number().int().meta({ title: '快速入門編號' }),
    quick_title: z.string().meta({ title: '快速入門' }),
    name: z.string().meta({ title: '檔案名稱' }),
    size: z.number().int().meta({ title: '大小（位元組）' }),
    sort: z.number().int().meta({ title: '排序' }),
    upload: quickFileUpload('').nullable().default(null),
  }),
  idKey: 'id',
  titleKey: 'name',
  columns: ['name', 'quick_title', 'sort', 'size'],
  sortable: ['id', 'sort'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: z.object({
    quick_id: z.coerce
      .number({ error: '快速入門編號必須是數字' })
      .int({ error: '快速入門編號必須是整數' })
      .positive({ error: '快速入門編號必須是正整數' })
      .max(2_147_483_647, { error: '快速入門編號過大' })
      .optional()
      .meta({ title: '快速入門編號' }),
  }),
  create: quickFileCreateSchema,
  update: quickFileUpdateSchema,
  links: [{ label: '所屬快速入門', href: '/admin/quick-items/{quick_id}' }],
});

// ---- Related links (/link) ----

/** An https address with a host: what /link opens in a new window. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const relatedLinkWriteSchema = z
  .object({
    title: requiredText('標題', 100),
    description: z
      .string()
      .trim()
      .max(300, { error: '說明最多 300 個字' })
      .default('')
      .meta({ title: '說明', widget: 'textarea', description: '顯示在連結下方的一句話。' }),
    url: z
      .string({ error: readingRoomItemsMessages.urlInvalid })
      .trim()
      .max(500, { error: '網址最多 500 個字' })
      .refine(isHttpsUrl, { error: readingRoomItemsMessages.urlInvalid })
      .meta({ title: '網址', description: '連結到標題所說的那一頁（不只是機關首頁），須以 https:// 開頭。' }),
    sort: sortField,
    // "Hidden", not "shown": an unticked box (absent from the form) is the default, so a link is shown.
    hidden: z
      .boolean()
      .default(false)
      .meta({ title: '在公開頁面隱藏', description: '勾選後訪客看不到這個連結，但不會刪除。' }),
    url_checked: z.boolean().default(false).meta({
      title: '已確認網址',
      description: '您已親自開啟網址，確認是標題所說的頁面時才勾選；網址修改後請重新確認。',
    }),
  })
  .meta({ id: 'RelatedLinkWrite' });
export type RelatedLinkWrite = z.output<typeof relatedLinkWriteSchema>;

export const relatedLinksAdminContract = defineAdminContract({
  name: 'related-links',
  group: 'content',
  label: '相關連結',
  description:
    '「相關連結」頁的外部網站，依排序列出；儲存後訪客立即看得到。系統最初的六個連結是從舊網站搬來的，網址都指向機關首頁、沒有人確認過：請逐一開啟，改成標題所說的頁面後勾選「已確認網址」。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '標題' }),
    description: z.string().meta({ title: '說明', widget: 'textarea' }),
    url: z.string().meta({ title: '網址' }),
    sort: z.number().int().meta({ title: '排序' }),
    hidden: z.boolean().meta({ title: '在公開頁面隱藏' }),
    url_checked: z.boolean().meta({ title: '已確認網址' }),
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後修改' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['title', 'url', 'sort', 'hidden', 'url_checked'],
  sortable: ['id', 'sort', 'updated_at'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '關鍵字最多 100 個字' }).optional().meta({ title: '關鍵字' }),
    url_checked: z
      .enum(['yes', 'no'], { error: '請選擇是否已確認' })
      .optional()
      .meta({ title: '已確認網址', optionLabels: { yes: '已確認', no: '待確認' } }),
  }),
  create: relatedLinkWriteSchema,
  update: relatedLinkWriteSchema,
  links: [{ label: '公開頁面', href: '/link' }],
});

/** One link of /link as visitors see it. */
export const relatedLinkSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    url: z.string().describe('An https address, opened in a new window'),
  })
  .meta({ id: 'RelatedLink' });
export type RelatedLink = z.infer<typeof relatedLinkSchema>;
