import { z } from 'zod';
import { defineAdminContract } from './admin';
import { readingRoomAdminMessages, sortField } from './reading-room-admin-fields';

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
  group: 'content',
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
