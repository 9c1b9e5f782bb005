import { recordId } from '@pest/contracts';
import { cropsTag } from '../crops';
import type { CacheTags } from '../platform/cache/invalidation';
import type { CacheablePage } from '../platform/ssr/page-cache';
import {
  ipmListsTag,
  ipmSheetTag,
  newsItemTag,
  newsListsTag,
  publicationListsTag,
  publicationTag,
  quickItemTag,
  quickListsTag,
  relatedLinksTag,
  researchersTag,
  videoListsTag,
  videoTag,
} from './reading-room-cache-tags';
import type { ReadingRoomServices } from './reading-room-services';

/**
 * The reading room's public pages, the same for every visitor, kept by the page cache with the tags
 * its writes publish (decision 0452). A page showing the news lists also ends when the next scheduled
 * item falls due, so that item is listed on the first request after its post_at with nothing written
 * (decision 0242). A staff preview (`?preview=1`, decision 0241) is rendered for the person asking and
 * never kept.
 */
export function readingRoomCacheablePages(services: Pick<ReadingRoomServices, 'newsListsEndAt'>): CacheablePage[] {
  const notPreview = (url: URL) => !url.searchParams.has('preview');
  /** A detail page: its item's tag, or the list's when the id is not a number (the page is a 404, never kept). */
  const detail = (path: string, itemTags: (id: number) => CacheTags, listTag: string): CacheablePage => ({
    path,
    keyParams: ['id'],
    tags(url) {
      const id = recordId.safeParse(url.searchParams.get('id'));
      return id.success ? itemTags(id.data) : [listTag];
    },
    cacheable: notPreview,
  });
  return [
    // `term` is the category (ipm-list-route.tsx).
    { path: '/IPM', keyParams: ['term'], tags: () => [ipmListsTag] },
    { path: '/search/IPM', keyParams: ['term', 'page'], tags: () => [ipmListsTag] },
    { path: '/search/video', keyParams: ['term', 'page'], tags: () => [publicationListsTag, videoListsTag] },
    { path: '/publication', keyParams: ['years', 'page'], tags: () => [publicationListsTag] },
    { path: '/video', keyParams: ['page'], tags: () => [videoListsTag] },
    { path: '/quick', keyParams: ['page'], tags: () => [quickListsTag] },
    { path: '/link', keyParams: [], tags: () => [relatedLinksTag] },
    { path: '/link/detail', keyParams: [], tags: () => [researchersTag] },
    { path: '/news', keyParams: ['class', 'page'], tags: () => [newsListsTag], expiresAt: services.newsListsEndAt },
    // An IPM sheet's page offers its crops by name (decision 0390): a crop renamed changes it.
    detail('/IPM/detail', (id) => [ipmSheetTag(id), cropsTag], ipmListsTag),
    detail('/publication/detail', (id) => [publicationTag(id)], publicationListsTag),
    detail('/video/detail', (id) => [videoTag(id)], videoListsTag),
    detail('/quick/detail', (id) => [quickItemTag(id)], quickListsTag),
    // A scheduled item is a 404 until its post_at (never kept); from then on its page is as any other.
    detail('/news/detail', (id) => [newsItemTag(id)], newsListsTag),
  ];
}
