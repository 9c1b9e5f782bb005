import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import type { SitemapEntry } from '../../platform/sitemap/sitemap-source';
import { ipmSheets, news, publications, quickItems, videos } from '../schema';
import { shownNews } from './visibility';

/**
 * The reading room's public pages for the sitemap: its list pages and every shown IPM sheet,
 * publication, video, quick-start notice and news item — the same rows their pages show.
 */
export async function listReadingRoomSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [sheets, publicationRows, videoRows, quickRows, newsRows] = await Promise.all([
    db
      .select({ id: ipmSheets.id, date: ipmSheets.createdAt })
      .from(ipmSheets)
      .where(eq(ipmSheets.status, 1))
      .orderBy(asc(ipmSheets.id)),
    db
      .select({ id: publications.id, date: publications.publishedAt })
      .from(publications)
      .where(eq(publications.status, 1))
      .orderBy(asc(publications.id)),
    db
      .select({ id: videos.id, date: videos.publishedAt })
      .from(videos)
      .where(eq(videos.status, 1))
      .orderBy(asc(videos.id)),
    db
      .select({ id: quickItems.id, date: quickItems.announceTime })
      .from(quickItems)
      .where(eq(quickItems.status, 1))
      .orderBy(asc(quickItems.id)),
    db.select({ id: news.id, date: news.postAt }).from(news).where(shownNews()).orderBy(asc(news.id)),
  ]);
  const pages = (path: string, rows: Array<{ id: number; date: Date }>): SitemapEntry[] => [
    { path },
    ...rows.map((row) => ({ path: `${path}/detail?id=${row.id}`, lastModified: row.date })),
  ];
  return [
    ...pages('/IPM', sheets),
    ...pages('/publication', publicationRows),
    ...pages('/video', videoRows),
    ...pages('/quick', quickRows),
    ...pages('/news', newsRows),
    { path: '/link' },
  ];
}
