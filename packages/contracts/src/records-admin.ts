import { z } from 'zod';
import { defineAdminContract } from './admin';
import { linkedCropsField } from './crops';
import { publicationStateSchema } from './publication';
import { diseaseClasses, diseaseClassLabels, recordTypeLabels, recordTypes } from './records-vocabulary';

/**
 * Records in /admin: every text field of the detail page,
 * classification and pesticide links, edited by editors and admins. Lists of names (aliases, the
 * 病蟲名稱 of the pesticide data) are edited one per line.
 */
const line = (title: string, max: number, description?: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `最多 ${max} 個字` })
    .default('')
    .meta({ title, ...(description ? { description } : {}) });

const paragraphs = (title: string, description?: string) =>
  z
    .string()
    .trim()
    .max(20_000, { error: '最多 20000 個字' })
    .default('')
    .meta({ title, widget: 'textarea', ...(description ? { description } : {}) });

const lines = (title: string, description: string) =>
  z
    .string()
    .max(5_000, { error: '最多 5000 個字' })
    .default('')
    .refine((value) => value.split('\n').every((entry) => entry.trim().length <= 100), {
      error: '每一行最多 100 個字',
    })
    .meta({ title, widget: 'textarea', description });

/** The fields an editor writes: the create form and the edit form are the same. */
export const recordFormSchema = z.object({
  // A new record starts as a draft (decision 0250): visitors see it once an editor publishes it.
  state: publicationStateSchema.default('draft').meta({
    title: '發布狀態',
    description: '草稿只有工作人員能在預覽中看到；改為「已發布」後，訪客、搜尋與列表立即看得到。',
  }),
  type: z.enum(recordTypes, { error: '請選擇類別' }).meta({ title: '類別', optionLabels: recordTypeLabels }),
  disease_class: z.enum(diseaseClasses, { error: '不明的病原類別' }).optional().meta({
    title: '病原類別',
    optionLabels: diseaseClassLabels,
    description: '病害才填；填寫後詳細頁面使用病害版面。',
  }),
  c_name: z
    .string({ error: '請輸入中文名稱' })
    .trim()
    .min(1, { error: '請輸入中文名稱' })
    .max(100, { error: '最多 100 個字' })
    .meta({ title: '中文名稱' }),
  e_name: line('英文名稱', 200),
  name: line('學名', 200),
  aliases: lines('別名', '一行一個別名；搜尋也會找到這些名稱。'),
  e_class1: line('綱（學名）', 100),
  e_class2: line('目（學名）', 100),
  e_class3: line('科（學名）', 100),
  e_class4: line('屬（學名）', 100, '屬名與種小名合為學名。'),
  e_class5: line('種小名', 100),
  c_class1: line('綱（中文）', 100),
  c_class2: line('目（中文）', 100),
  c_class3: line('科（中文）', 100),
  property: paragraphs('形態特徵／病原特徵'),
  life: paragraphs('生活史／病害生態'),
  distribute: paragraphs('分布／發生環境'),
  harm: paragraphs(
    '為害作物／寄主／防治對象',
    '依版面顯示為「為害作物」（害蟲）、「病原寄主」（病害）或「防治對象」（益蟲）。',
  ),
  harm_part: paragraphs('為害部位／利用時機'),
  harm_detail: paragraphs('為害概述／病徵／捕食或寄生方式'),
  liter: paragraphs('參考文獻'),
  control: paragraphs('防治方法', '請依農藥標示及植物保護手冊撰寫；勿寫未登記之用藥。'),
  pesticide_names: lines(
    '農藥資料病蟲名稱',
    '一行一個，為農藥資訊服務網資料的「病蟲名稱」；詳細頁面依此列出登記用藥。',
  ),
  // Links to the crop vocabulary (decision 0361), kept by the crops feature.
  crops: linkedCropsField,
});
export type RecordForm = z.output<typeof recordFormSchema>;

export const recordsAdminContract = defineAdminContract({
  name: 'records',
  group: 'content',
  label: '病蟲害資料',
  description: '編輯害蟲、病害、益蟲與蟎類的資料；儲存後公開頁面與搜尋立即更新。',
  row: recordFormSchema.extend({
    id: z.number().int().meta({ title: '編號' }),
    views: z.number().int().meta({ title: '瀏覽次數' }),
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後更新' }),
    demo: z.boolean().meta({ title: '示範資料' }),
    /** A demo record staff have rewritten: its label may be cleared. */
    demo_clearable: z.boolean().meta({ title: '已改寫的示範資料' }),
  }),
  idKey: 'id',
  titleKey: 'c_name',
  columns: ['c_name', 'type', 'state', 'name', 'views', 'updated_at'],
  sortable: ['c_name', 'views', 'updated_at'],
  defaultSort: { key: 'updated_at', direction: 'desc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '最多 100 個字' }).optional().meta({ title: '名稱' }),
    type: z
      .enum(recordTypes, { error: '不明的類別' })
      .optional()
      .meta({ title: '類別', optionLabels: recordTypeLabels }),
    state: publicationStateSchema.optional(),
  }),
  create: recordFormSchema,
  update: recordFormSchema,
  // Once an editor has rewritten a demo record, its page stops calling it demo (decision 0375).
  actions: [
    {
      name: 'clear-demo',
      label: '取消示範資料標示',
      doneMessage: '已取消「示範資料」標示。',
      when: { key: 'demo_clearable', equals: true },
    },
  ],
  links: [
    { label: '照片', href: '/admin/record-pictures?record_id={id}' },
    { label: '預覽公開頁面', href: '/search/bug/detail?id={id}&preview=1' },
  ],
});
