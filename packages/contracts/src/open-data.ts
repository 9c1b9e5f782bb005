import { z } from 'zod';
import { pesticideEntrySchema, recordDetailSchema } from './records';

/**
 * Open data (decision 0236): read-only exports of the public records and of the
 * registered pesticide uses on the site, as JSON and as CSV (UTF-8 with a byte-order mark, so
 * Excel reads the Chinese), listed in the OpenAPI document and linked from /open-data.
 */

export const openDataFormats = ['json', 'csv'] as const;
export type OpenDataFormat = (typeof openDataFormats)[number];

export const openDataDatasets = ['records', 'pesticide-uses'] as const;
export type OpenDataDataset = (typeof openDataDatasets)[number];

/** Where each export is, under the site's base path. */
export function openDataPath(dataset: OpenDataDataset, format: OpenDataFormat): string {
  return `/api/v1/open-data/${dataset}.${format}`;
}

/** One published record: the fields of its public page, with its address (a draft is never exported). */
export const openDataRecordSchema = recordDetailSchema
  .omit({ layout: true, drug1: true, drug2: true, state: true })
  .extend({ url: z.string().describe('Absolute address of the record’s public page') })
  .meta({ id: 'OpenDataRecord' });
export type OpenDataRecord = z.infer<typeof openDataRecordSchema>;

export const openDataRecordsResponse = z
  .object({
    data: z.object({
      title: z.string(),
      updatedAt: z.string().nullable().describe('When a record last changed, ISO 8601'),
      count: z.number().int(),
      demoNotice: z
        .string()
        .nullable()
        .describe('Said when some records are demo content written by the site team (their `demo` is true)'),
      items: z.array(openDataRecordSchema),
    }),
  })
  .meta({ id: 'OpenDataRecords' });
export type OpenDataRecords = z.infer<typeof openDataRecordsResponse>;

/** One registered use as published: the pesticide page's fields, with its crop and source row. */
export const openDataPesticideUseSchema = pesticideEntrySchema
  .extend({
    plant: z.string().describe('作物名稱: crop'),
    sourceRow: z.number().int().nullable().describe('The row number in the source file'),
  })
  .meta({ id: 'OpenDataPesticideUse' });
export type OpenDataPesticideUse = z.infer<typeof openDataPesticideUseSchema>;

export const openDataPesticideUsesResponse = z
  .object({
    data: z.object({
      title: z.string(),
      source: z.string().describe("Where the data comes from, e.g. 農藥資訊服務網; '' when nothing is imported"),
      snapshotDate: z.string().nullable().describe('資料日期: the date of the source snapshot, yyyy-MM-dd'),
      importedAt: z.string().nullable().describe('When it was imported, ISO 8601'),
      sample: z.boolean().describe('True while the data is the demo’s partial sample, not a complete current import'),
      notice: z.string().describe('What the data may and may not be used for'),
      count: z.number().int(),
      items: z.array(openDataPesticideUseSchema),
    }),
  })
  .meta({ id: 'OpenDataPesticideUses' });
export type OpenDataPesticideUses = z.infer<typeof openDataPesticideUsesResponse>;

/** Said with every copy of the pesticide data: the label is what counts. */
export const pesticideUseNotice = '實際用藥請以農藥標示為準；最新登記資料請至農藥資訊服務網查詢。';
/** Said with the demo's partial sample. */
export const pesticideSampleNotice = '目前為示範用的部分樣本（少數作物），並非完整或最新的登記資料，請勿作為用藥依據。';
export const demoRecordsNotice = 'demo 為 true 的資料為網站團隊撰寫的示範內容，不是研究單位的正式資料。';

/** What /open-data lists for each dataset. */
export const openDataDescriptions: Record<OpenDataDataset, { title: string; description: string }> = {
  records: {
    title: '病蟲害資料',
    description:
      '本站公開的害蟲、病害、益蟲與蟎類資料：名稱、分類、形態、生活史、分布、為害、防治方法與農藥資料病蟲名稱。',
  },
  'pesticide-uses': {
    title: '農藥登記使用範圍',
    description: '本站推薦用藥查詢所用的農藥登記資料（來源：農藥資訊服務網），附資料來源與資料日期。',
  },
};
