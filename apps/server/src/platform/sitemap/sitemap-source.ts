import type { Database } from '../database/database';

/** One public page for the sitemap. */
export interface SitemapEntry {
  /** The page's path under the site root — without BASE_PATH — with its query: '/IPM/detail?id=3'. */
  path: string;
  /** When the page's content last changed, where the data knows it. */
  lastModified?: Date | null;
}

/** What a feature gives the sitemap: every public page it serves. Why: decision 0076. */
export type SitemapSource = (db: Database) => Promise<SitemapEntry[]>;
