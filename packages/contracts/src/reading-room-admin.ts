import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import { publicationStateLabels, publicationStateSchema } from './publication';
import { coverCreateFields, coverRowFields, coverUpdateFields } from './reading-room-files-admin';
import { newsClasses, newsClassLabels } from './reading-room-vocabulary';
import { documentLimitMb, type UploadRules } from './uploads';

/**
 * The reading room in /admin (issue 14 §2): IPM sheets, publications and news, edited by editors and admins on the
 * generated screens (decision 0140). Each is a draft (visitors never see it) or published (issue 14
 * §1); staff preview a draft on its public page (`?preview=1`). A news item is public only from its
 * post_at (decisions 0240–0243).
 */

/** Purposes the reading room's uploads are stored under (attached by its services). */
export const ipmSheetPdfUploadPurpose = 'reading-room-ipm-pdf';
export const publicationPdfUploadPurpose = 'reading-room-publication-pdf';

/** The sheet's main file: the public page embeds it in the PDF viewer, so only PDF. */
export const staffPdfUploadRules: UploadRules = { extensions: ['pdf'], maxFileMb: documentLimitMb, maxFiles: 1 };

export const readingRoomAdminMessages = {
  pdfRequired: '請選擇 PDF 檔案',
  ipmSheetUnknown: '找不到這份 IPM 技術資料',
  publicationUnknown: '找不到這份出版品',
  videoUnknown: '找不到這部影片',
  researcherUnknown: '找不到這位研究人員',
  linkInvalid: '請輸入 https:// 開頭的網址或 mailto: 開頭的電子郵件連結',
  youtubeInvalid: '請貼上 YouTube 影片網址，例如 https://www.youtube.com/watch?v=xxxxxxxxxxx',
  youtubeRequired: '請貼上 YouTube 影片網址',
  newsUnknown: '找不到這則消息',
  postAtFormat: '請依「yyyy/MM/dd HH:mm」輸入，例如 2026/01/31 09:00',
  postAtInvalid: '沒有這個日期時間',
} as const;

const title = (label: string) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(200, { error: `${label}最多 200 個字` })
    .meta({ title: label });

const summary = (label: string, description?: string) =>
  z
    .string()
    .trim()
    .max(2_000, { error: `${label}最多 2000 個字` })
    .default('')
    .meta({ title: label, widget: 'textarea', ...(description ? { description } : {}) });

const sortField = z.coerce
  .number({ error: '排序必須是數字' })
  .int({ error: '排序必須是整數' })
  .min(0, { error: '排序不可小於 0' })
  .max(100_000, { error: '排序最大 100000' })
  .default(0)
  .meta({ title: '排序（小的在前）' });

const stateField = publicationStateSchema.default('draft').meta({
  title: '發布狀態',
  optionLabels: publicationStateLabels,
  description: '草稿只有編輯看得到，可用「預覽」檢查；發布後訪客立即看得到。',
});

// ---- Taiwan time as editors type it (yyyy/MM/dd HH:mm[:ss], UTC+8, no daylight saving) ----

const taiwanDateTimePattern = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant a `yyyy/MM/dd HH:mm[:ss]` Taiwan time names, or null when no such time exists. */
export function parseTaiwanDateTime(text: string): Date | null {
  const match = taiwanDateTimePattern.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3] - 8, parts[4], parts[5]));
  const back = new Date(instant.getTime() + 8 * 3_600_000);
  const same =
    back.getUTCFullYear() === parts[0] &&
    back.getUTCMonth() === parts[1] - 1 &&
    back.getUTCDate() === parts[2] &&
    back.getUTCHours() === parts[3] &&
    parts[4] < 60 &&
    parts[5] < 60;
  return same ? instant : null;
}

/** An instant as Taiwan time `yyyy/MM/dd HH:mm:ss` (the form's and the list's text). */
export function formatTaiwanDateTime(date: Date): string {
  const local = new Date(date.getTime() + 8 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}/${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}

const postAtField = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || taiwanDateTimePattern.test(value), {
    error: readingRoomAdminMessages.postAtFormat,
  })
  .refine((value) => value === '' || !taiwanDateTimePattern.test(value) || parseTaiwanDateTime(value) !== null, {
    error: readingRoomAdminMessages.postAtInvalid,
  })
  .meta({
    title: '發布時間',
    description:
      '臺灣時間，格式 yyyy/MM/dd HH:mm，例如 2026/01/31 09:00。留空為儲存當下。已發布的消息到了這個時間訪客才看得到。',
  });

const keywordFilter = z.object({
  q: z.string().trim().max(100, { error: '關鍵字最多 100 個字' }).optional().meta({ title: '關鍵字' }),
  state: publicationStateSchema.optional().meta({ title: '發布狀態', optionLabels: publicationStateLabels }),
});

const publishActions = [
  { name: 'publish', label: '發布', doneMessage: '已發布，訪客現在看得到。', when: { key: 'state', equals: 'draft' } },
  {
    name: 'unpublish',
    label: '改回草稿',
    doneMessage: '已改回草稿，訪客看不到了。',
    when: { key: 'state', equals: 'published' },
  },
] as const;

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
  label: 'IPM 技術資料',
  description: 'IPM 專區的技術資料：每份一個 PDF，依分類與排序列出。草稿只有編輯看得到。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '標題' }),
    category: z.string().meta({ title: '分類' }),
    detail: z.string().meta({ title: '摘要', widget: 'textarea' }),
    sort: z.number().int().meta({ title: '排序' }),
    state: publicationStateSchema,
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

// ---- Videos ----

/**
 * The 11-character id of a YouTube video from the addresses people copy (watch?v=, youtu.be/,
 * /embed/, /shorts/, /live/) or the bare id; null for anything else.
 */
export function youtubeVideoId(text: string): string | null {
  const value = text.trim();
  if (/^[\w-]{11}$/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1] ?? null);
  }
  return id && /^[\w-]{11}$/.test(id) ? id : null;
}

const youtubeField = z
  .string()
  .trim()
  .max(300, { error: readingRoomAdminMessages.youtubeInvalid })
  .default('')
  .refine((value) => value === '' || youtubeVideoId(value) !== null, { error: readingRoomAdminMessages.youtubeInvalid })
  .meta({
    title: 'YouTube 影片網址',
    description:
      '貼上 YouTube 影片的網址；網站以 YouTube 的隱私加強模式嵌入播放。修改時留空則保留目前的影片（包括網站自行存放的示範影片）。',
  });

const videoFields = {
  title: title('標題'),
  detail: summary('摘要', '列表與搜尋結果顯示的簡介；搜尋也會找這段文字。'),
  youtube: youtubeField,
  state: stateField,
};

export const videoCreateSchema = z.object({ ...videoFields, ...coverCreateFields }).meta({ id: 'VideoCreate' });
export const videoUpdateSchema = z.object({ ...videoFields, ...coverUpdateFields }).meta({ id: 'VideoUpdate' });

export const videosAdminContract = defineAdminContract({
  name: 'videos',
  label: '影音',
  description: '影音專區的影片：以 YouTube 網址加入。草稿只有編輯看得到。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '標題' }),
    detail: z.string().meta({ title: '摘要', widget: 'textarea' }),
    youtube: z.string().meta({ title: 'YouTube 影片網址' }),
    source: z.string().meta({ title: '來源' }),
    state: publicationStateSchema,
    ...coverRowFields,
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後修改' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['title', 'source', 'state'],
  sortable: ['id', 'updated_at'],
  defaultSort: { key: 'id', direction: 'desc' },
  filters: keywordFilter,
  create: videoCreateSchema,
  update: videoUpdateSchema,
  actions: publishActions,
  links: [{ label: '預覽', href: '/video/detail?id={id}&preview=1' }],
});

// ---- Researchers ----

const shortText = (label: string, max: number) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(max, { error: `${label}最多 ${max} 個字` })
    .meta({ title: label });

export const researcherWriteSchema = z
  .object({
    name: shortText('姓名', 50),
    room: shortText('研究室', 100),
    job: shortText('職稱', 50),
    sex: z.enum(['M', 'F'], { error: '請選擇性別' }).meta({ title: '性別', optionLabels: { M: '男', F: '女' } }),
    specialty: z
      .string()
      .trim()
      .max(500, { error: '專長最多 500 個字' })
      .default('')
      .meta({ title: '專長', widget: 'textarea' }),
    link: z
      .string()
      .trim()
      .max(300, { error: readingRoomAdminMessages.linkInvalid })
      .default('')
      .refine((value) => value === '' || /^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i.test(value), {
        error: readingRoomAdminMessages.linkInvalid,
      })
      .meta({ title: '聯絡連結', description: '個人頁面網址（https://…）或電子郵件（mailto:…）；可留空。' }),
    sort: sortField,
  })
  .meta({ id: 'ResearcherWrite' });

export const researchersAdminContract = defineAdminContract({
  name: 'researchers',
  label: '研究人員',
  description: '相關連結「研究人員」頁的名錄，依排序列出；儲存後訪客立即看得到。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    name: z.string().meta({ title: '姓名' }),
    room: z.string().meta({ title: '研究室' }),
    job: z.string().meta({ title: '職稱' }),
    sex: z.enum(['M', 'F']).meta({ title: '性別', optionLabels: { M: '男', F: '女' } }),
    specialty: z.string().meta({ title: '專長', widget: 'textarea' }),
    link: z.string().meta({ title: '聯絡連結' }),
    sort: z.number().int().meta({ title: '排序' }),
    demo: z.boolean().meta({ title: '示範內容' }),
  }),
  idKey: 'id',
  titleKey: 'name',
  columns: ['name', 'room', 'job', 'sort'],
  sortable: ['id', 'sort'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '關鍵字最多 100 個字' }).optional().meta({ title: '關鍵字' }),
  }),
  create: researcherWriteSchema,
  update: researcherWriteSchema,
});

// ---- News ----

const newsFields = {
  title: title('標題'),
  class: z
    .enum(newsClasses, { error: '請選擇類別' })
    .meta({ title: '類別', optionLabels: newsClassLabels, description: '首頁與最新消息頁的分頁。' }),
  summary: summary('摘要', '列表顯示的一段簡介。'),
  content: z.string().trim().max(50_000, { error: '內文最多 50000 個字' }).default('').meta({
    title: '內文',
    widget: 'textarea',
    description: '空一行分段；也可使用 <p>、<a>、<strong> 等基本 HTML，顯示前會清理。',
  }),
  post_at: postAtField,
  state: stateField,
};

export const newsWriteSchema = z.object(newsFields).meta({ id: 'NewsWrite' });

export const newsAdminContract = defineAdminContract({
  name: 'news',
  label: '最新消息',
  description: '首頁與最新消息頁的消息。已發布的消息從「發布時間」起訪客才看得到，可預約發布。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '標題' }),
    class: z.enum(newsClasses).meta({ title: '類別', optionLabels: newsClassLabels }),
    summary: z.string().meta({ title: '摘要', widget: 'textarea' }),
    content: z.string().meta({ title: '內文', widget: 'textarea' }),
    post_at: z.string().meta({ title: '發布時間' }),
    state: publicationStateSchema,
    visible: z.string().meta({ title: '訪客現在' }),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['title', 'class', 'post_at', 'visible'],
  sortable: ['id', 'post_at'],
  defaultSort: { key: 'post_at', direction: 'desc' },
  filters: keywordFilter,
  create: newsWriteSchema,
  update: newsWriteSchema,
  actions: publishActions,
  links: [
    { label: '預覽', href: '/news/detail?id={id}&preview=1' },
    { label: '圖片', href: '/admin/news-pictures?news_id={id}' },
    { label: '附件', href: '/admin/news-files?news_id={id}' },
  ],
});
