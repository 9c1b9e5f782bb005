import type { ReadingRoomSearchKind } from '../schema';
import { asLines, normaliseLines, searchGrams } from '../../platform/search/search-grams';

/** Every kind of item with search rows (schema modules hold tables only: features.test.ts). */
export const readingRoomSearchKinds: readonly ReadingRoomSearchKind[] = ['ipm', 'publication', 'video'];

/** The parts of an IPM sheet, publication or video that the search reads. */
export interface SearchableItem {
  title: string;
  /** An IPM sheet's category (spec field `name`); null for publications and videos. */
  category: string | null;
  detail: string;
}

/**
 * The `reading_room_search` row of an item: the records' text rules and grams (platform/search,
 * decision 0160), the title and category as names, each paragraph of the summary as body text.
 */
export function readingRoomSearchEntry(item: SearchableItem) {
  const names = normaliseLines(item.category === null ? [item.title] : [item.title, item.category]);
  const body = normaliseLines(item.detail.split(/\n+/));
  return { nameKey: asLines(names), bodyKey: body.join('\n'), grams: searchGrams({ names, body }) };
}
