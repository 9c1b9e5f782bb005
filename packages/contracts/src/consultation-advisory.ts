import { z } from 'zod';
import { idSchema, plainName, searchTerm } from './envelopes';
import { safeHtmlSchema } from './safe-html-schema';

/** Image consultation Q&A. */
export const advisoryPageSize = 6;
export const advisoryPhotoGroups = ['pic1', 'pic2', 'pic3'] as const;
export type AdvisoryPhotoGroup = (typeof advisoryPhotoGroups)[number];
/** The photo tabs' labels (crop close-up, pest close-up). */
export const advisoryPhotoGroupLabels: Record<AdvisoryPhotoGroup, string> = {
  pic1: '遠照',
  pic2: '作物近照',
  pic3: '病蟲害近照',
};
/** Empty results. */
export const advisoryNoDataMessage = '無資料';
export const advisoryNotFoundMessage = '找不到這筆諮詢，或它尚未公開';
/** How many similar answers are shown before submitting. */
export const similarAnswersLimit = 3;

/** The asker's name as the public sees it: first character + 'OO'. */
export function maskAskerName(name: string): string {
  const first = [...name.trim()][0];
  return first === undefined ? 'OO' : `${first}OO`;
}

/** A card of the archive: never the asker's name, e-mail or phone. */
export const advisoryCardSchema = z
  .object({
    id: z.number().int(),
    cname: z.string().describe('The crop as the farmer gave it'),
    announceTime: z.string().describe('When the case was sent, ISO 8601 (shown as yyyy/MM/dd HH:mm:ss)'),
    place: z.string().describe('County and township'),
    describe: z.string().describe("The farmer's description (the card's summary)"),
    picnow: z.string().nullable().describe('Thumbnail URL of the first far photo'),
    replied: z.boolean().describe('Whether an expert has replied'),
    demo: z.boolean().describe("Demo content of this site (said on the page), not a farmer's case"),
  })
  .meta({ id: 'AdvisoryCard' });
export type AdvisoryCard = z.infer<typeof advisoryCardSchema>;

/** A record or IPM sheet the expert attached to a reply, as the public page links it. */
export const advisoryLinkSchema = z
  .object({
    kind: z.enum(['record', 'ipm']),
    id: z.number().int(),
    title: z.string().describe("The record's Chinese name or the IPM sheet's title"),
  })
  .meta({ id: 'AdvisoryLink' });
export type AdvisoryLink = z.infer<typeof advisoryLinkSchema>;

/** A published case. The name is masked; e-mail and phone are never sent. */
export const advisoryDetailSchema = advisoryCardSchema
  .extend({
    name: z.string().describe("The asker's name masked to its first character + OO"),
    target: z.string().describe("Names of the records the expert's reply links to, '、'-joined ('' for none)"),
    links: z
      .array(advisoryLinkSchema)
      .describe('The published records and IPM sheets the expert attached to the reply, records first'),
    note: safeHtmlSchema.nullable().describe('The reply, sanitised HTML; null before the reply'),
    repliedAt: z.string().nullable().describe('ISO 8601'),
  })
  .meta({ id: 'AdvisoryDetail' });
export type AdvisoryDetail = z.infer<typeof advisoryDetailSchema>;

export const advisoryPhotoSchema = z
  .object({
    id: z.number().int(),
    datatype: z.enum(advisoryPhotoGroups).describe('pic1 far, pic2 crop close-up, pic3 pest close-up'),
    url: z.string().describe('Full size (long side ≤ 2,560 px)'),
    modUrl: z.string().describe('Medium (1,024 px)'),
    thumbUrl: z.string().describe('Thumbnail (320 px)'),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'AdvisoryPhoto' });
export type AdvisoryPhoto = z.infer<typeof advisoryPhotoSchema>;

export const advisoryCropSchema = z.object({ cname: z.string(), count: z.number().int() }).meta({ id: 'AdvisoryCrop' });
export type AdvisoryCrop = z.infer<typeof advisoryCropSchema>;

const cropFilter = z
  .string()
  .trim()
  .max(50, { error: '作物名稱不可超過 50 個字' })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: '名稱含有不允許的控制字元' });

export const advisoryListQuerySchema = z.object({
  crop: cropFilter.default('').describe("A crop name ('' for every crop); compared with the search text rules"),
  term: searchTerm.default('').describe('Words in the crop, place, description or reply'),
  page: z.coerce.number().int().min(1, { error: '頁碼必須是正整數' }).max(10_000).default(1),
});
export type AdvisoryListQuery = z.infer<typeof advisoryListQuerySchema>;

export const advisoryListSchema = z
  .object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    items: z.array(advisoryCardSchema),
    crops: z.array(advisoryCropSchema).describe('Crops of the published cases with their counts (the side menu)'),
  })
  .meta({ id: 'AdvisoryList' });
export type AdvisoryList = z.infer<typeof advisoryListSchema>;

export const similarAnswerSchema = z
  .object({
    kind: z.enum(['case', 'record']),
    id: z.number().int(),
    title: z.string().describe('The crop and place of a case, or the name of a record'),
    summary: z.string().describe("A case's description, or a record's harm text, shortened"),
    path: z.string().describe("The page's path under the site root, e.g. /consultation/advisory/detail?id=3"),
    thumb: z.string().nullable(),
  })
  .meta({ id: 'SimilarAnswer' });
export type SimilarAnswer = z.infer<typeof similarAnswerSchema>;

export const similarAnswersQuerySchema = z.object({
  crop: plainName({ required: '請輸入作物', tooLong: '作物名稱不可超過 50 個字' }, 50),
  text: z
    .string({ error: '請輸入問題描述' })
    .trim()
    .max(2000, { error: '問題描述不可超過 2000 個字' })
    .default('')
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), {
      error: '描述含有不允許的控制字元',
    }),
});
export type SimilarAnswersQuery = z.infer<typeof similarAnswersQuerySchema>;

// ---- calls (POST /api/info/<call>) ----

/** /advList: the spec's call takes no payload; every field here is optional. */
export const advListCall = { body: advisoryListQuerySchema, data: advisoryListSchema };
export const advDetailCall = { body: z.object({ n1: idSchema }), data: advisoryDetailSchema };
export const advDataCall = {
  body: z.object({ a1: idSchema }),
  data: z.array(advisoryPhotoSchema).describe('The photos of a published case, by group'),
};
export const advSimilarCall = {
  body: similarAnswersQuerySchema,
  data: z.array(similarAnswerSchema).describe(`Up to ${similarAnswersLimit} published cases and records, best first`),
};
