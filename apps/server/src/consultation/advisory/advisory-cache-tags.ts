/**
 * The cache tags of the advisory archive (platform/cache/invalidation.ts). A write that publishes,
 * unpublishes, replies to or edits a case publishes both: the lists and the case's own pages.
 */

/** Which cases are public and what their cards show: the archive list, its counts and the sitemap. */
export const advisoryListTag = 'consultation:advisory';

/** One case: its detail page and its photos. */
export const advisoryCaseTag = (id: number) => `consultation:case:${id}`;
