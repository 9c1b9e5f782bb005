// Vocabulary of the reading room without zod, so pages can use it without shipping the schemas
// to the browser (the package is side-effect free; see decision 0009).

// ---- constants (pest-information.md §9, site-shell-and-storefront.md §2) ----

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

/** Publication year tabs, newest first (pest-information.md §9). */
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

/** The fixed external links of /link (pest-information.md §2 Related links). */
export const relatedLinks = [
  {
    title: '植物保護資訊系統',
    description: '植物疫病蟲害診斷、防治資材與植物保護手冊的整合查詢。',
    url: 'https://www.tari.gov.tw/',
  },
  {
    title: '蔬菜害蟲發生預測',
    description: '主要蔬菜害蟲田間密度監測與發生趨勢通報。',
    url: 'https://www.tari.gov.tw/',
  },
  {
    title: '果樹害蟲發生預測',
    description: '東方果實蠅等重要果樹害蟲的監測資料與警報。',
    url: 'https://www.aphia.gov.tw/',
  },
  {
    title: '斜紋夜蛾密度通報',
    description: '以性費洛蒙誘蟲器監測斜紋夜蛾等夜蛾類族群密度。',
    url: 'https://www.tari.gov.tw/',
  },
  {
    title: '農藥作用機制分類（IRAC）',
    description: '殺蟲劑作用機制分類，依作用機制輪替用藥，延緩抗藥性產生。',
    url: 'https://irac-online.org/mode-of-action/',
  },
  {
    title: '農藥資訊服務網',
    description: '登記農藥、使用範圍、安全採收期與殘留容許量查詢。',
    url: 'https://pesticide.aphia.gov.tw/',
  },
] as const;

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
