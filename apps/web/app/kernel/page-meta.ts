import type { SystemSettings } from '@pest/contracts';
import type { MetaDescriptor } from 'react-router';

/** What the root loader provides to every page's meta. */
export interface RootMetaData {
  settings: Pick<SystemSettings, 'website_title' | 'description' | 'keywords'>;
  publicUrl: string;
}

export const titleSeparator = ' | ';

/** Tab title rule (spec §2): website title, separator, page title. */
export function composeTitle(websiteTitle: string, pageTitle?: string): string {
  return pageTitle ? `${websiteTitle}${titleSeparator}${pageTitle}` : websiteTitle;
}

/**
 * The meta tags of a page: title, description, keywords and Open Graph. A route's meta export
 * replaces the root's, so every route builds its tags here from the root data.
 */
export function pageMeta(
  root: RootMetaData | undefined,
  page: { title?: string; description?: string; image?: string; path?: string; type?: 'website' | 'article' },
): MetaDescriptor[] {
  const websiteTitle = root?.settings.website_title ?? '';
  const title = composeTitle(websiteTitle, page.title);
  const description = page.description ?? root?.settings.description ?? '';
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'keywords', content: root?.settings.keywords ?? '' },
    { property: 'og:site_name', content: websiteTitle },
    { property: 'og:title', content: page.title ?? websiteTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:locale', content: 'zh_TW' },
  ];
  if (root && page.path !== undefined) {
    tags.push({ property: 'og:url', content: `${root.publicUrl}${page.path}` });
  }
  if (root && page.image) {
    tags.push({ property: 'og:image', content: new URL(page.image, `${root.publicUrl}/`).href });
  }
  return tags;
}

/** The meta tags of a detail page whose record does not exist (its 404 page). */
export function missingPageMeta(root: RootMetaData | undefined, message: string): MetaDescriptor[] {
  return pageMeta(root, { title: '找不到資料', description: message });
}
