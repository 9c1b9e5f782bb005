// Vocabulary of the reading room without zod, so pages can use it without shipping the schemas
// to the browser (the package is side-effect free; see decision 0009).

// ---- constants ----

export const readingRoomPageSizes = {
  publications: 16,
  videos: 6,
  quick: 10,
  mediaSearch: 10,
  ipmSearch: 10,
  news: 10,
  homeNews: 6,
} as const;

/** Height of the embedded IPM and publication PDF viewer, in CSS pixels. */
export const pdfViewerHeight = 650;

/** News crop classes; the home and /news tabs are 'all' followed by these. */
export const newsClasses = ['fruit', 'grain', 'flower', 'vegetable', 'mushroom'] as const;
export type NewsClass = (typeof newsClasses)[number];
export const newsClassLabels: Record<NewsClass, string> = {
  fruit: '果樹',
  grain: '糧作',
  flower: '花卉',
  vegetable: '蔬菜',
  mushroom: '菇類',
};
export type NewsClassFilter = NewsClass | 'all';
export const newsTabs = [
  { value: 'all', label: '全部' },
  ...newsClasses.map((value) => ({ value, label: newsClassLabels[value] })),
] as const;

/** Publication year tabs, newest first. */
export const publicationYearRanges = [
  { key: '2021-2025', from: 2021, to: 2025 },
  { key: '2016-2020', from: 2016, to: 2020 },
  { key: '2011-2015', from: 2011, to: 2015 },
  { key: '2006-2010', from: 2006, to: 2010 },
  { key: '2001-2005', from: 2001, to: 2005 },
  { key: '1995-1999', from: 1995, to: 1999 },
] as const;
export type PublicationYearRange = (typeof publicationYearRanges)[number];

export const defaultPublicationYear = 1995;

/**
 * A publication's year comes from the last six characters of its title — titles end with the
 * year in parentheses, e.g. '水稻病蟲害綜合管理手冊（2019）' — and is 1995 when they hold none.
 * The database computes the same rule in a generated column (reading-room/schema.ts).
 */
export function publicationYear(title: string): number {
  const match = /(\d{4})/.exec([...title].slice(-6).join(''));
  return match ? Number(match[1]) : defaultPublicationYear;
}

/** Quick-search chips of /search/video: keywords of the institute's magazine. */
export const mediaSearchKeywords = ['水稻', '果樹', '生物防治', '農藥安全'] as const;
/** Quick-search chips of /search/IPM. */
export const ipmSearchKeywords = ['水稻', '番茄', '性費洛蒙', '非農藥防治'] as const;

export function yearRangeFromQuery(value: string | null): PublicationYearRange {
  return publicationYearRanges.find((range) => range.key === value) ?? publicationYearRanges[0];
}

/** The search term of a page query: trimmed, at most 100 characters, control characters removed. */
export function termFromQuery(value: string | null): string {
  return (
    (value ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 100)
  );
}
