import { and, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import { ipmSheets, news, publications, quickItems, videos } from '../schema';

/**
 * Who an item is read for: visitors (published only; news also only from its post_at) or staff
 * previewing it (`drafts`: every item). Only the preview page and file routes pass
 * `drafts`, after checking the viewer is an editor.
 */
export interface Visibility {
  drafts?: boolean;
}

/** The sheets visitors see: published (status 1). */
export function shownIpmSheet(visibility: Visibility = {}): SQL | undefined {
  return visibility.drafts ? undefined : eq(ipmSheets.status, 1);
}

/** The publications visitors see: published (status 1). */
export function shownPublication(visibility: Visibility = {}): SQL | undefined {
  return visibility.drafts ? undefined : eq(publications.status, 1);
}

/** The videos visitors see: published (status 1). */
export function shownVideo(visibility: Visibility = {}): SQL | undefined {
  return visibility.drafts ? undefined : eq(videos.status, 1);
}

/** The news visitors see: published (any non-zero status) and due (post_at reached). */
export function shownNews(visibility: Visibility = {}): SQL | undefined {
  return visibility.drafts ? undefined : and(ne(news.status, 0), lte(news.postAt, sql`now()`));
}

/** The quick-start items visitors see: published (status 1). */
export function shownQuickItem(visibility: Visibility = {}): SQL | undefined {
  return visibility.drafts ? undefined : eq(quickItems.status, 1);
}
