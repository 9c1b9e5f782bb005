import { eq } from 'drizzle-orm';
import { records } from '../schema';

/**
 * The records visitors may see (decision 0250): every public reader — pages, lists, counts,
 * pesticide links, the sitemap, other features' links — filters with this. Search needs no
 * filter: a draft has no search row (saveRecord writes one only for a published record).
 */
export const isPublishedRecord = eq(records.state, 'published');

/** Who is asking for a record: a visitor sees published records; staff previewing see drafts too. */
export interface RecordReadOptions {
  includeDrafts?: boolean;
}
