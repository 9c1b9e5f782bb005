import { requestUrlOn } from '../http/routed-path';
import type { CacheablePage, PageCacheSetup } from './page-cache';

/**
 * The address with only the parameters that key its page, in the order they came (a page's loader
 * may redirect to its own canonical order, so reordering could loop); unchanged when all of them do.
 */
export function keyedUrl(url: URL, keyParams: readonly string[]): URL {
  const names = [...url.searchParams.keys()];
  if (names.every((name) => keyParams.includes(name))) return url;
  const kept = new URL(url.pathname, url.origin);
  for (const [name, value] of url.searchParams) if (keyParams.includes(name)) kept.searchParams.append(name, value);
  return kept;
}

/**
 * The page type and cache key of a request's URL, when it is a page a feature lets the cache keep.
 * Why: decision 0035.
 */
export function cacheablePageOf(
  setup: PageCacheSetup,
  requestUrl: string,
  origin: string,
  basePath: string,
): { page: CacheablePage; url: URL; key: string } | null {
  const requested = requestUrlOn(requestUrl, origin);
  const path = requested.pathname.startsWith(basePath) ? requested.pathname.slice(basePath.length) : requested.pathname;
  // '/search/bug/' is '/search/bug'; the home page is '/' with or without the base path's slash.
  const bare = path === '' || path === '/' ? '/' : path.endsWith('/') ? path.slice(0, -1) : path;
  const page = setup.pages.find((candidate) => candidate.path === bare);
  if (!page || (page.cacheable && !page.cacheable(requested))) return null;
  const url = keyedUrl(requested, page.keyParams);
  // The origin is part of the key: without PUBLIC_URL, pages carry absolute links built from it.
  return { page, url, key: `${origin}${url.pathname}${url.search}` };
}
