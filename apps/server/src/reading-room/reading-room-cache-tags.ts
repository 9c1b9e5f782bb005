/**
 * The cache tags of the reading room (platform/cache/invalidation.ts). A page or cached answer names
 * the tags it was built from; an editor's write publishes the tags of what it changed.
 */

/** The IPM lists and searches (/IPM, /search/IPM, the home IPM section): a sheet added, removed or renamed. */
export const ipmListsTag = 'reading-room:ipm';

/** One IPM sheet's page (/IPM/detail?id=). */
export const ipmSheetTag = (id: number) => `reading-room:ipm:${id}`;

/** The publication lists and the media search (/publication, /search/video). */
export const publicationListsTag = 'reading-room:publications';

/** One publication's page (/publication/detail?id=). */
export const publicationTag = (id: number) => `reading-room:publication:${id}`;

/** The video lists and the media search (/video, /search/video). */
export const videoListsTag = 'reading-room:videos';

/** One video's page (/video/detail?id=). */
export const videoTag = (id: number) => `reading-room:video:${id}`;

/** The researchers' directory (/link/detail). */
export const researchersTag = 'reading-room:researchers';

/** The news lists (/news, the home news section). */
export const newsListsTag = 'reading-room:news';

/** One news item's page (/news/detail?id=). */
export const newsItemTag = (id: number) => `reading-room:news:${id}`;

/** The quick-start list (/quick). */
export const quickListsTag = 'reading-room:quick';

/** One quick-start item's page with its files (/quick/detail?id=). */
export const quickItemTag = (id: number) => `reading-room:quick:${id}`;

/** The related links (/link). */
export const relatedLinksTag = 'reading-room:links';
