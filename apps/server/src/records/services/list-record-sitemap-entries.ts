import { asc } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import type { SitemapEntry } from '../../platform/sitemap/sitemap-source';
import { records } from '../schema';
import { isPublishedRecord } from './record-visibility';

/** The records' public pages for the sitemap: the search page, every record's detail page and the open data. */
export async function listRecordSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ id: records.id, updatedAt: records.updatedAt })
    .from(records)
    .where(isPublishedRecord)
    .orderBy(asc(records.id));
  return [
    { path: '/search/bug' },
    { path: '/open-data' },
    ...rows.map((row) => ({ path: `/search/bug/detail?id=${row.id}`, lastModified: row.updatedAt })),
  ];
}
