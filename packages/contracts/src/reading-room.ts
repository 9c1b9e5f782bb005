import { z } from 'zod';
import { emptyBody, productResponse, recordId, searchTerm } from './envelopes';
import { safeHtmlSchema } from './safe-html-schema';
import {
  type NewsClass,
  type NewsClassFilter,
  type PublicationYearRange,
  newsClasses,
  publicationYearRanges,
  readingRoomPageSizes,
} from './reading-room-vocabulary';

// Reading room: IPM sheets, publications, videos, quick-start notices, news, related links and
// researchers.

// ---- schemas of the vocabulary in reading-room-vocabulary.ts ----

export const newsClassSchema = z.enum(newsClasses, {
  error: '消息類別必須是 fruit、grain、flower、vegetable 或 mushroom',
});
/** A class filter: one class, or 'all' (an empty string also means all, as the older client sends it). */
export const newsClassFilter = z
  .union([z.literal(''), z.literal('all'), newsClassSchema], {
    error: '消息類別必須是 all、fruit、grain、flower、vegetable 或 mushroom',
  })
  .transform((value): NewsClass | 'all' => (value === '' ? 'all' : value));
export const publicationYearRangeSchema = z.enum(
  publicationYearRanges.map((range) => range.key) as [PublicationYearRange['key'], ...PublicationYearRange['key'][]],
  { error: '年份區間必須是 2021-2025、2016-2020、2011-2015、2006-2010、2001-2005 或 1995-1999' },
);

// ---- entities (field names as the spec gives them) ----

const isoDateTime = z.string().describe('ISO 8601 date-time');
const picture = {
  img: z.string().nullable().describe('Cover picture file name under /files/public/'),
  img_width: z.number().int().nullable(),
  img_height: z.number().int().nullable(),
};

export const ipmSheetSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Category'),
    title: z.string(),
    detail: z.string().describe('Short summary'),
    pdf: z.string().describe('Original file name of the sheet PDF'),
    pdf_url: z.string().describe('Download path of the PDF, relative to the site root (add ?download=1 to save it)'),
    pdf_size: z.number().int().describe('Bytes'),
    ...picture,
  })
  .meta({ id: 'IpmSheet' });
export type IpmSheet = z.infer<typeof ipmSheetSchema>;

export const downloadFileSchema = z
  .object({
    id: z.number().int(),
    iid: z.number().int().describe('Id of the record the file belongs to'),
    Name: z.string().describe('Original file name, extension included'),
    Type: z.string().describe('File extension, lower case, without the dot'),
    size: z.number().int().describe('Bytes'),
    url: z.string().describe('Download path relative to the site root'),
  })
  .meta({ id: 'DownloadFile' });
export type DownloadFile = z.infer<typeof downloadFileSchema>;

export const ipmSearchResultSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    detail: z.string(),
    name: z.string().describe('Category'),
    ...picture,
  })
  .meta({ id: 'IpmSearchResult' });
export type IpmSearchResult = z.infer<typeof ipmSearchResultSchema>;

export const publicationSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    detail: z.string(),
    year: z.number().int().describe('From the last six characters of the title; 1995 when absent'),
    pdf: z.string().describe('Original file name of the PDF'),
    pdf_url: z.string(),
    pdf_size: z.number().int(),
    published_at: isoDateTime,
    demo: z.boolean().describe('Demo content written by the site team (the page says so)'),
    ...picture,
  })
  .meta({ id: 'Publication' });
export type Publication = z.infer<typeof publicationSchema>;

export const videoSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    detail: z.string(),
    video: z.string().describe("YouTube video id (spec field 'video id'); '' when the video is a self-hosted clip"),
    clip_url: z
      .string()
      .nullable()
      .describe(
        'Path of the self-hosted clip, relative to the site root (Range requests supported; add ?download=1 to save it); null for a YouTube video',
      ),
    clip_type: z.string().nullable().describe("MIME type of the clip, e.g. 'video/webm'; null for a YouTube video"),
    clip_size: z.number().int().nullable().describe('Bytes of the clip; null for a YouTube video'),
    published_at: isoDateTime,
    ...picture,
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof videoSchema>;

export const mediaSearchResultSchema = z
  .object({
    id: z.number().int(),
    tp: z.enum(['1', '2']).describe("'1' publication, '2' video"),
    title: z.string(),
    detail: z.string(),
    published_at: isoDateTime,
    ...picture,
  })
  .meta({ id: 'MediaSearchResult' });
export type MediaSearchResult = z.infer<typeof mediaSearchResultSchema>;

export const researcherSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    room: z.string().describe('Laboratory or unit'),
    job: z.string().describe('Job title'),
    sex: z.enum(['M', 'F']),
    do: z.string().describe('Specialty'),
    link: z.string().nullable().describe('Contact address (mailto: or https:)'),
    demo: z.boolean().describe('A demo entry written by the site team, not a real person (the page says so)'),
  })
  .meta({ id: 'Researcher' });
export type Researcher = z.infer<typeof researcherSchema>;

export const quickItemSchema = z
  .object({ id: z.number().int(), title: z.string(), announceTime: isoDateTime })
  .meta({ id: 'QuickItem' });
export type QuickItem = z.infer<typeof quickItemSchema>;

export const quickDetailSchema = quickItemSchema
  .extend({ Ncontent: safeHtmlSchema.describe('Sanitised rich text') })
  .meta({ id: 'QuickDetail' });
export type QuickDetail = z.infer<typeof quickDetailSchema>;

export const newsPictureSchema = z
  .object({
    file: z.string().describe('File name under /files/public/'),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'NewsPicture' });
export type NewsPicture = z.infer<typeof newsPictureSchema>;

export const newsFileSchema = z
  .object({ id: z.number().int(), name: z.string(), type: z.string(), size: z.number().int(), url: z.string() })
  .meta({ id: 'NewsFile' });
export type NewsFile = z.infer<typeof newsFileSchema>;

export const newsSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    class: newsClassSchema,
    class_name: z.string(),
    summary: z.string(),
    status: z.number().int(),
    post_at: isoDateTime,
    pics: z.array(newsPictureSchema),
  })
  .meta({ id: 'NewsSummary' });
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsDetailSchema = newsSummarySchema
  .extend({ content: safeHtmlSchema.describe('Sanitised rich text'), files: z.array(newsFileSchema) })
  .meta({ id: 'NewsDetail' });
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export interface Paged<T> {
  total: number;
  page: number;
  pageSize: number;
  items: T[];
}
const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    items: z.array(item),
  });

// ---- inputs shared by calls, API routes and page loaders ----

export const pageNumber = z.coerce
  .number({ error: '頁碼必須是數字' })
  .int({ error: '頁碼必須是整數' })
  .min(1, { error: '頁碼必須大於 0' })
  .max(10_000, { error: '頁碼過大' });
const pageSize = (fallback: number) =>
  z.coerce
    .number({ error: '每頁筆數必須是數字' })
    .int({ error: '每頁筆數必須是整數' })
    .min(1, { error: '每頁筆數必須大於 0' })
    .max(100, { error: '每頁筆數不可超過 100' })
    .default(fallback);

const a1 = z.object({ a1: recordId }).strict();
const n1Id = z.object({ n1: recordId }).strict();
const searchBody = (size: number) =>
  z.object({ term: searchTerm, page: pageNumber.default(1), pageSize: pageSize(size) }).strict();

// ---- calls (POST /api/info/<call>, answered as { d }) ----

export const ipmListCall = { body: emptyBody, data: z.array(ipmSheetSchema).describe('Every sheet, by category') };
export const ipmOtherListCall = { body: a1.describe('a1: IPM sheet id'), data: z.array(downloadFileSchema) };
export const ipmSheetCall = { body: a1.describe('a1: IPM sheet id'), data: ipmSheetSchema };
export const searchResultICall = {
  body: searchBody(readingRoomPageSizes.ipmSearch),
  data: paged(ipmSearchResultSchema),
};

export const pubCall = { body: emptyBody, data: z.array(publicationSchema).describe('Newest year first') };
export const publicationSheetCall = { body: a1.describe('a1: publication id'), data: publicationSchema };
export const searchResultBCall = {
  body: searchBody(readingRoomPageSizes.mediaSearch),
  data: paged(mediaSearchResultSchema).describe("Publications only (tp '1')"),
};

export const videoCall = { body: emptyBody, data: z.array(videoSchema).describe('Newest first') };
export const videoSheetCall = { body: a1.describe('a1: video id'), data: videoSchema };
export const searchResultVCall = {
  body: searchBody(readingRoomPageSizes.mediaSearch),
  data: paged(mediaSearchResultSchema).describe("Publications (tp '1') and videos (tp '2'), newest first"),
};

export const memberCall = { body: emptyBody, data: z.array(researcherSchema) };

export const nclassListCall = { body: emptyBody, data: z.array(quickItemSchema).describe('Newest first') };
export const nclassDetailCall = { body: n1Id.describe('n1: quick-start item id'), data: quickDetailSchema };
export const nclassOtherListCall = { body: a1.describe('a1: quick-start item id'), data: z.array(downloadFileSchema) };

/** The news calls answer d as a JSON string the client parses. */
const jsonString = (of: string) => z.string().describe(`JSON text of ${of}`);
export const newsListIndexCall = {
  body: z
    .object({ n1: newsClassFilter.default('all') })
    .strict()
    .describe("n1: class ('' or 'all' for every class)"),
  data: jsonString(`NewsSummary[] (the ${readingRoomPageSizes.homeNews} newest of the class)`),
  parsed: z.array(newsSummarySchema),
};
export const newsListNewCall = {
  body: z
    .object({ n1: newsClassFilter.default('all') })
    .strict()
    .describe("n1: class ('' or 'all' for every class)"),
  data: jsonString('NewsSummary[] (every shown item of the class, newest first, at most 100)'),
  parsed: z.array(newsSummarySchema),
};
export const newsDetailCall = {
  body: n1Id.describe('n1: news id'),
  data: jsonString('NewsDetail'),
  parsed: newsDetailSchema,
};

// ---- product API (GET /api/v1/news, /api/v1/news/{id}) ----

export const newsListQuery = z.object({
  page: pageNumber.default(1),
  pageSize: pageSize(readingRoomPageSizes.news),
  class: newsClassFilter.default('all'),
});
export const newsParams = z.object({ id: recordId });
export const newsListResponse = z.object({
  data: z.array(newsSummarySchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
export const newsDetailResponse = productResponse(newsDetailSchema);

// ---- page queries (loaders fall back to defaults rather than failing on a hand-edited URL) ----

/** Reads a page number from a URL query value; anything not a positive integer means page 1. */
export function pageFromQuery(value: string | null): number {
  const parsed = pageNumber.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : 1;
}

export function newsClassFromQuery(value: string | null): NewsClassFilter {
  const parsed = newsClassFilter.safeParse(value ?? 'all');
  return parsed.success ? parsed.data : 'all';
}
