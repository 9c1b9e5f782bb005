import { z } from 'zod';
import { publicationStateSchema } from './publication';
import { defineAdminContract } from './admin';
import { coverCreateFields, coverRowFields, coverUpdateFields } from './reading-room-files-admin';
import {
  keywordFilter,
  publishActions,
  readingRoomAdminMessages,
  stateField,
  summary,
  title,
} from './reading-room-admin-fields';

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
  group: 'content',
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
