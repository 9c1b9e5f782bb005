import { z } from 'zod';
import { publicationStateLabels, publicationStateSchema } from './publication';

/*
 * The fields, filters and actions the reading room's admin contracts share (reading-room-admin.ts and
 * its videos, researchers and news neighbours), with its messages, so each resource's file says only
 * what is its own.
 */

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

export const title = (label: string) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(200, { error: `${label}最多 200 個字` })
    .meta({ title: label });

export const summary = (label: string, description?: string) =>
  z
    .string()
    .trim()
    .max(2_000, { error: `${label}最多 2000 個字` })
    .default('')
    .meta({ title: label, widget: 'textarea', ...(description ? { description } : {}) });

export const sortField = z.coerce
  .number({ error: '排序必須是數字' })
  .int({ error: '排序必須是整數' })
  .min(0, { error: '排序不可小於 0' })
  .max(100_000, { error: '排序最大 100000' })
  .default(0)
  .meta({ title: '排序（小的在前）' });

export const stateField = publicationStateSchema.default('draft').meta({
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

export const postAtField = z
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

export const keywordFilter = z.object({
  q: z.string().trim().max(100, { error: '關鍵字最多 100 個字' }).optional().meta({ title: '關鍵字' }),
  state: publicationStateSchema.optional().meta({ title: '發布狀態', optionLabels: publicationStateLabels }),
});

export const publishActions = [
  { name: 'publish', label: '發布', doneMessage: '已發布，訪客現在看得到。', when: { key: 'state', equals: 'draft' } },
  {
    name: 'unpublish',
    label: '改回草稿',
    doneMessage: '已改回草稿，訪客看不到了。',
    when: { key: 'state', equals: 'published' },
  },
] as const;
