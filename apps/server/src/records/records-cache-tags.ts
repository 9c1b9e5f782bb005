/**
 * The cache tags of the records feature (platform/cache/invalidation.ts). A page or cached
 * answer names the tags it was built from; a write publishes the tags it changed.
 */

/** One record: its detail page and every list that shows it. */
export const recordTag = (id: number) => `record:${id}`;

/** Which records a list, search or count holds: changes when a record is added, removed or renamed. */
export const recordListsTag = 'records:list';

/** The imported pesticide uses (the pesticide page). */
export const pesticidesTag = 'pesticides';
