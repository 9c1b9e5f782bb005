import type { SystemSettings } from '@pest/contracts';
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';

/** What the root loader provides to every page's meta. */
export interface RootMetaData {
  settings: Pick<SystemSettings, 'website_title' | 'description' | 'keywords'>;
  publicUrl: string;
}

export const titleSeparator = ' | ';

/** Tab title rule: website title, separator, page title. */
export function composeTitle(websiteTitle: string, pageTitle?: string): string {
  return pageTitle ? `${websiteTitle}${titleSeparator}${pageTitle}` : websiteTitle;
}

/**
 * The meta tags of a page: title, description, keywords and Open Graph. A route's meta export
 * replaces the root's, so every route builds its tags here from the root data.
 */
export function pageMeta(
  root: RootMetaData | undefined,
  page: {
    title?: string;
    /** The share preview's title when the tab title is the spec's English route title (HOME, NEWS). */
    shareTitle?: string;
    description?: string;
    image?: string;
    path?: string;
    type?: 'website' | 'article';
    /** A page search engines must not keep (a staff preview). */
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const websiteTitle = root?.settings.website_title ?? '';
  const title = composeTitle(websiteTitle, page.title);
  const description = page.description ?? root?.settings.description ?? '';
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'keywords', content: root?.settings.keywords ?? '' },
    { property: 'og:site_name', content: websiteTitle },
    { property: 'og:title', content: page.shareTitle ?? page.title ?? websiteTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:locale', content: 'zh_TW' },
  ];
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  if (root && page.path !== undefined) {
    tags.push({ property: 'og:url', content: `${root.publicUrl}${page.path}` });
  }
  if (root && page.image) {
    tags.push({ property: 'og:image', content: new URL(page.image, `${root.publicUrl}/`).href });
  }
  return tags;
}

/**
 * What to tell a visitor whose address is malformed (a loader's 400: a bad id, a control
 * character in the query), or null for any other error.
 */
export function malformedAddressMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 400) return null;
  return typeof error.data === 'object' && error.data && 'message' in error.data
    ? String(error.data.message)
    : '網址的查詢參數有誤，請確認網址後再試。';
}

/**
 * The meta tags of a detail page without its record: '網址有誤' for a malformed address (the
 * loader's 400, `error` as the meta function got it), otherwise the 404 page's.
 */
export function missingPageMeta(root: RootMetaData | undefined, message: string, error?: unknown): MetaDescriptor[] {
  const malformed = malformedAddressMessage(error);
  return malformed === null
    ? pageMeta(root, { title: '找不到資料', description: message })
    : pageMeta(root, { title: '網址有誤', description: malformed });
}
