import { z } from 'zod';
import { defineAdminContract } from './admin';
import { emptyBody } from './envelopes';
import { pesticideEntrySchema } from './records';

/**
 * The one crop vocabulary (decision 0360): a crop, its name shown everywhere and its synonyms
 * (檬果 and 芒果). The wizard, the Q&A crop filter, the search and the pesticide lookup resolve any
 * of the names to the one crop; records and IPM sheets are linked to crops by name in their forms.
 */

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** Splits a list of crop names as staff type it: one a line, or separated by 、 , ， ; ；. */
export function splitCropNames(text: string): string[] {
  const names = text
    .split(/[\n\r、,，;；]+/)
    .map((name) => name.trim())
    .filter(Boolean);
  return [...new Set(names)];
}

const cropName = z
  .string({ error: '請輸入作物名稱' })
  .trim()
  .min(1, { error: '請輸入作物名稱' })
  .max(50, { error: '作物名稱最多 50 個字' })
  .refine((value) => !controlCharacters.test(value) && !/[、,，;；]/.test(value), {
    error: '作物名稱不可含控制字元或分隔符號（、，；）',
  })
  .meta({ title: '作物名稱', description: '各頁面顯示的名稱，例如農藥登記資料所用的「檬果」。' });

const nameList = (title: string, description: string) =>
  z
    .string()
    .max(2_000, { error: '最多 2000 個字' })
    .default('')
    .refine((value) => splitCropNames(value).every((name) => name.length <= 50 && !controlCharacters.test(name)), {
      error: '每個名稱最多 50 個字',
    })
    .meta({ title, widget: 'textarea', description });

const cropFields = {
  name: cropName,
  synonyms: nameList('別名', '一行一個（或以「、」分隔），例如「芒果」。查詢任何一個別名都會找到這個作物。'),
  sort_order: z.coerce
    .number({ error: '排序必須是數字' })
    .int({ error: '排序必須是整數' })
    .min(0, { error: '排序不可小於 0' })
    .max(9999, { error: '排序最大為 9999' })
    .default(0)
    .meta({ title: '排序（小的在前）' }),
};

export const cropsAdminContract = defineAdminContract({
  name: 'crops',
  label: '作物名稱',
  group: 'content',
  description:
    '全站共用的作物清單與別名：病蟲害諮詢、問答的作物篩選、搜尋與推薦用藥查詢都以此認定同一作物（例如「芒果」即「檬果」）。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    ...cropFields,
    records: z.number().int().meta({ title: '連結的病蟲害資料' }),
    ipm_sheets: z.number().int().meta({ title: '連結的 IPM 資料' }),
  }),
  idKey: 'id',
  titleKey: 'name',
  columns: ['name', 'synonyms', 'sort_order', 'records', 'ipm_sheets'],
  sortable: ['name', 'sort_order'],
  defaultSort: { key: 'sort_order', direction: 'asc' },
  filters: z.object({
    q: z.string().trim().max(50, { error: '最多 50 個字' }).optional().meta({ title: '名稱或別名' }),
  }),
  create: z.object(cropFields),
  update: z.object(cropFields),
  links: [{ label: '登記用藥（依作物）', href: '/search/bug/crop?plant={name}' }],
});

export type CropInput = z.output<NonNullable<typeof cropsAdminContract.create>>;

/** The crops of a record or an IPM sheet in its admin form: names or synonyms from the list above. */
export const linkedCropsField = nameList(
  '作物',
  '一行一個（或以「、」分隔）；須為「作物名稱」清單中的名稱或別名。存到手機與依作物查詢依此找到這筆資料。',
);

// ---- the crop-first pesticide lookup (this site's addition, decision 0363) ----

/** Pest groups per page of the crop-first lookup: a crop with thousands of uses stays a few hundred rows a page. */
export const cropPesticidePageSize = 10;

export const pesticideCropCall = {
  body: z.object({
    plant: z
      .string({ error: '請提供作物名稱' })
      .trim()
      .min(1, { error: '請提供作物名稱' })
      .max(50, { error: '作物名稱不可超過 50 個字' })
      .refine((value) => !controlCharacters.test(value), { error: '作物名稱含有無法使用的字元' }),
    page: z.coerce.number({ error: '頁碼必須是數字' }).int().min(1).max(10_000).default(1),
  }),
  data: z
    .object({
      crop: z.string().describe('The crop shown: the vocabulary name the asked name or synonym resolves to'),
      plants: z
        .array(z.string())
        .describe("The pesticide data's crop names looked up (the crop's names found in the data)"),
      total: z.number().int().describe('Registered uses on the crop'),
      groups: z.number().int().describe('Pests and diseases with registered uses on the crop'),
      page: z.number().int(),
      pageSize: z.number().int(),
      items: z.array(
        z.object({
          bugname: z.string().describe('病蟲名稱 of the pesticide data'),
          count: z.number().int(),
          entries: z.array(pesticideEntrySchema),
        }),
      ),
    })
    .meta({ id: 'PesticideCropPage' }),
};
export type PesticideCropPage = z.infer<typeof pesticideCropCall.data>;

export const pesticideCropsCall = {
  body: emptyBody,
  data: z.array(
    z.object({ crop: z.string(), synonyms: z.array(z.string()), uses: z.number().int() }).meta({ id: 'PesticideCrop' }),
  ),
};
export type PesticideCrop = z.infer<typeof pesticideCropsCall.data>[number];

// ---- a crop's offline pack: 存到手機 (decision 0390) ----

export const cropOfflinePackQuery = z.object({
  crop: z
    .string({ error: '請提供作物名稱' })
    .trim()
    .min(1, { error: '請提供作物名稱' })
    .max(50, { error: '作物名稱不可超過 50 個字' })
    .refine((value) => !controlCharacters.test(value), { error: '作物名稱含有無法使用的字元' })
    .describe('The crop by any of its names or synonyms in the vocabulary (芒果 is 檬果)'),
});

export const cropOfflinePackSchema = z
  .object({
    crop: z.object({
      id: z.number().int(),
      name: z.string().describe('The name shown'),
      names: z.array(z.string()).describe('The name and its synonyms'),
    }),
    version: z.string().describe('Changes whenever a page or file of the pack changes: compare it to offer an update'),
    dataDate: z
      .string()
      .nullable()
      .describe('ISO time of the newest change among the pack’s records, IPM sheets and pesticide data'),
    pages: z
      .array(z.string())
      .describe('Page addresses inside the site (no base path): records, pesticide lookups, IPM sheets, wizard steps'),
    files: z
      .array(z.object({ path: z.string(), bytes: z.number().int() }))
      .describe('Stored files the pages frame (the IPM sheets’ PDFs), with their sizes'),
    pictures: z
      .array(z.string())
      .describe(
        'Picture addresses inside the site (no base path) the pages load at phone width: the wizard cards’ and the saved record tabs’ `_mod` variant (decision 0424)',
      ),
    bytes: z
      .number()
      .int()
      .describe(
        'The download’s size: the files’ sizes plus an estimate per page (pages are rendered on request) and per picture',
      ),
  })
  .meta({ id: 'CropOfflinePack' });
export type CropOfflinePack = z.infer<typeof cropOfflinePackSchema>;
export const cropOfflinePackResponse = z.object({ data: cropOfflinePackSchema });

/** Pages are counted at this size in a pack's `bytes`: a record or wizard step's HTML is 30–60 KB. */
export const offlinePageBytesEstimate = 60_000;

/** Pictures are counted at this size: a 480 px `_mod` JPEG is 20–60 KB, and its size is not stored (decision 0424). */
export const offlinePictureBytesEstimate = 40_000;
