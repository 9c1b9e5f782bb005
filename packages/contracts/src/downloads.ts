import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import { idsFromText } from './consultation-desk';
import { idSchema, productResponse } from './envelopes';
import { staffDocumentUploadRules } from './uploads';

/** What a download's bytes are recorded under in the upload pipeline. */
export const downloadFileUploadPurpose = 'download-file';

/**
 * The download area (its page, file page and catalog calls): types are the menu, details the files, relations put a file
 * under a type. Only active (1) rows are listed, types by index_id, details by sort.
 */

export const downloadMessages = {
  /** The not-found notice, in Chinese with the spec's words after it (decision 0216). */
  notFound: '找不到內容，請再試一次。',
  notFoundEnglish: 'Content not found. Please try again.',
  empty: '這個分類目前沒有可下載的檔案。',
  nameRequired: '請輸入分類名稱',
  nameTooLong: '分類名稱不可超過 50 個字',
  titleRequired: '請輸入檔案標題',
  titleTooLong: '檔案標題不可超過 200 個字',
  fileNameRequired: '請輸入下載時的檔名',
  fileNameInvalid: '檔名不可包含 / \\ 或控制字元，且不可超過 200 個字',
  statusInvalid: '狀態只能是 0（停用）、1（啟用）或 2（未啟用）',
  orderInvalid: '排序必須是 0 到 100000 的整數',
  typeUnknown: '找不到這個下載分類',
  detailUnknown: '找不到這個檔案',
  /** An active file must have its bytes stored (decision 0375): else visitors would meet 找不到內容. */
  fileContentRequired: '啟用的檔案必須上傳檔案內容；尚未上傳時請先設為未啟用',
} as const;

/** The catalogue status enumeration: InActive=0, Active=1, NonActivated=2. */
export const catalogStatuses = [0, 1, 2] as const;
export const catalogStatusLabels: Record<string, string> = { '0': '停用', '1': '啟用', '2': '未啟用' };

export const catalogTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: z.number().int(),
    index_id: z.number().int(),
  })
  .meta({ id: 'CatalogType' });
export type CatalogType = z.infer<typeof catalogTypeSchema>;

export const catalogDetailSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** The file's name as it is saved (Chinese names kept); the bytes are at GET /files/catalog/{id}. */
    file: z.string(),
    sort: z.number().int(),
    status: z.number().int(),
    /** Bytes, when a file is there. */
    size: z.number().int().nullable(),
    content_type: z.string().nullable(),
    /** Written by the team as an example: the page says so. */
    demo: z.boolean(),
  })
  .meta({ id: 'CatalogDetail' });
export type CatalogDetail = z.infer<typeof catalogDetailSchema>;

export const catalogRelationSchema = z
  .object({
    id: z.number().int(),
    catalog_type_id: z.number().int(),
    catalog_detail: catalogDetailSchema,
  })
  .meta({ id: 'CatalogRelation' });
export type CatalogRelation = z.infer<typeof catalogRelationSchema>;

const statusSchema = z.coerce
  .number({ error: downloadMessages.statusInvalid })
  .int({ error: downloadMessages.statusInvalid })
  .min(0, { error: downloadMessages.statusInvalid })
  .max(2, { error: downloadMessages.statusInvalid });
const orderSchema = z.coerce
  .number({ error: downloadMessages.orderInvalid })
  .int({ error: downloadMessages.orderInvalid })
  .min(0, { error: downloadMessages.orderInvalid })
  .max(100_000, { error: downloadMessages.orderInvalid });

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

export const catalogTypeWrite = z
  .object({
    name: z
      .string({ error: downloadMessages.nameRequired })
      .trim()
      .min(1, { error: downloadMessages.nameRequired })
      .max(50, { error: downloadMessages.nameTooLong })
      .refine((value) => !controlCharacters.test(value), { error: downloadMessages.nameTooLong })
      .meta({ title: '分類名稱' }),
    status: statusSchema.default(1).meta({ title: '狀態（0 停用、1 啟用、2 未啟用）' }),
    index_id: orderSchema.default(0).meta({ title: '排序（小的在前）' }),
  })
  .meta({ id: 'CatalogTypeWrite' });

/** The name a file is saved under: kept as given (Chinese too), never a path. */
export const catalogFileName = z
  .string({ error: downloadMessages.fileNameRequired })
  .trim()
  .min(1, { error: downloadMessages.fileNameRequired })
  .max(200, { error: downloadMessages.fileNameInvalid })
  .refine((value) => !/[/\\]/.test(value) && !controlCharacters.test(value), {
    error: downloadMessages.fileNameInvalid,
  });

const typeIdList = z
  .preprocess(
    idsFromText,
    z
      .array(z.coerce.number({ error: '分類編號必須是數字' }).int().positive({ error: '分類編號必須是正整數' }))
      .max(20, { error: '最多 20 個分類' }),
  )
  .default([]);

export const catalogDetailWrite = z
  .object({
    title: z
      .string({ error: downloadMessages.titleRequired })
      .trim()
      .min(1, { error: downloadMessages.titleRequired })
      .max(200, { error: downloadMessages.titleTooLong })
      .refine((value) => !controlCharacters.test(value), { error: downloadMessages.titleTooLong })
      .meta({ title: '檔案標題' }),
    file: catalogFileName.meta({ title: '下載檔名', description: '訪客儲存時的檔名，例如「病蟲害診斷申請表.pdf」。' }),
    sort: orderSchema.default(0).meta({ title: '排序（小的在前）' }),
    status: statusSchema.default(1).meta({ title: '狀態（0 停用、1 啟用、2 未啟用）' }),
    catalog_type_ids: typeIdList.meta({
      title: '所屬分類編號',
      description: '以逗號或空白分隔，例如「1, 2」。',
    }),
    upload: adminFileField({
      title: '檔案內容',
      purpose: downloadFileUploadPurpose,
      rules: staffDocumentUploadRules,
      description: '新增時請選擇檔案；修改時不選擇則保留目前的檔案',
    }).optional(),
  })
  .meta({ id: 'CatalogDetailWrite' });

/** `PUT catalog-types-by-index-ids` / `catalog-details-by-index-ids`: the catalogue's one reorder body. */
export { reorderBody } from './catalogue';

export const catalogIdParams = z.object({ id: idSchema });
export const catalogTypesResponse = productResponse(z.array(catalogTypeSchema));
export const catalogTypeResponse = productResponse(catalogTypeSchema);
export const catalogDetailsResponse = productResponse(z.array(catalogDetailSchema));
export const catalogDetailResponse = productResponse(catalogDetailSchema);
export const catalogRelationsResponse = productResponse(z.array(catalogRelationSchema));
export const catalogRelationResponse = productResponse(catalogRelationSchema);

/** `/download?type=` and `/file?catalog=[&download]`. */
export const downloadPageQuery = z.object({ type: idSchema.optional().catch(undefined) });
export const filePageQuery = z.object({ catalog: idSchema, download: z.string().optional() });

const statusField = z.number().int().meta({ title: '狀態', optionLabels: catalogStatusLabels });

export const catalogTypesAdminContract = defineAdminContract({
  name: 'catalog-types',
  group: 'shop',
  label: '下載分類',
  description: '下載專區的分類選單：只列出啟用的分類，依排序由小到大。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    name: z.string().meta({ title: '分類名稱' }),
    status: statusField,
    index_id: z.number().int().meta({ title: '排序' }),
    files: z.number().int().meta({ title: '檔案數' }),
  }),
  idKey: 'id',
  titleKey: 'name',
  columns: ['id', 'name', 'status', 'index_id', 'files'],
  sortable: ['id', 'index_id'],
  defaultSort: { key: 'index_id', direction: 'asc' },
  filters: z.object({}),
  create: catalogTypeWrite,
  update: catalogTypeWrite,
});

export const catalogDetailsAdminContract = defineAdminContract({
  name: 'catalog-details',
  group: 'shop',
  label: '下載檔案',
  description: '下載專區的檔案：只列出啟用且已上傳內容的檔案，依排序由小到大。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    title: z.string().meta({ title: '檔案標題' }),
    file: z.string().meta({ title: '下載檔名' }),
    status: statusField,
    sort: z.number().int().meta({ title: '排序' }),
    types: z.string().meta({ title: '所屬分類' }),
    catalog_type_ids: z.string().meta({ title: '所屬分類編號' }),
    size: z.number().int().nullable().meta({ title: '大小（位元組）' }),
    /** Whether its bytes are stored: one without is never listed to visitors (decision 0375). */
    stored: z.boolean().meta({ title: '已上傳內容' }),
    demo: z.boolean().meta({ title: '示範檔案' }),
    upload: adminFileField({ title: '檔案內容', purpose: downloadFileUploadPurpose, rules: staffDocumentUploadRules })
      .nullable()
      .default(null),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'title', 'file', 'types', 'status', 'stored', 'sort'],
  sortable: ['id', 'sort'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '關鍵字最多 100 個字' }).optional().meta({ title: '關鍵字' }),
  }),
  create: catalogDetailWrite,
  update: catalogDetailWrite,
});
