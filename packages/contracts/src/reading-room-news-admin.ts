import { z } from 'zod';
import { publicationStateSchema } from './publication';
import { defineAdminContract } from './admin';
import { newsClasses, newsClassLabels } from './reading-room-vocabulary';
import { keywordFilter, postAtField, publishActions, stateField, summary, title } from './reading-room-admin-fields';

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
  group: 'content',
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
