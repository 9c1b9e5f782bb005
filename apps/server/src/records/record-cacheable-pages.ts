import { recordId } from '@pest/contracts';
import { cropAlertsTag, cropsTag } from '../crops';
import type { CacheablePage } from '../platform/ssr/page-cache';
import { pesticidesTag, recordListsTag, recordTag } from './records-cache-tags';
import type { RecordsServices } from './records-services';

/**
 * The record pages the SSR page cache may keep (the same for every visitor): the detail page (a
 * hit still counts a view for the hot list), the pesticide page, the search list and the printable
 * factsheet, with the cache tags that make them stale: the record shown, the pesticide data and
 * the record names it is looked up by, or the lists. A search page's hot list and thumbnails may
 * lag by the cache's 5-minute expiry: views are not content writes, and a picture reports only
 * its record's tag.
 */
export function recordCacheablePages(services: RecordsServices): CacheablePage[] {
  return [
    {
      path: '/search/bug/detail',
      // `tab` picks the tab shown, `list` and `wizard` the ways back to the list and the wizard step (record-links.ts).
      keyParams: ['id', 'tab', 'list', 'wizard'],
      tags(url) {
        const id = recordId.safeParse(url.searchParams.get('id'));
        // The page says whether the pesticide data holds uses for the record (decision 0370).
        return id.success ? [recordTag(id.data), pesticidesTag] : [recordListsTag];
      },
      onHit(url, request) {
        const id = recordId.safeParse(url.searchParams.get('id'));
        if (id.success) services.countRecordView(id.data, request.ip);
      },
      // A staff preview (decision 0250) depends on who asks: rendered with their session, never kept.
      cacheable: (url) => !url.searchParams.has('preview'),
    },
    // The crop tab and the crop-first lookup resolve crop names through the vocabulary.
    {
      path: '/search/bug/detail2',
      keyParams: ['name', 'plant', 'moa', 'page'],
      tags: () => [pesticidesTag, recordListsTag, cropsTag],
    },
    // With the crop's active alerts (decision 0402): publishing or editing one changes it.
    { path: '/search/bug/crop', keyParams: ['plant', 'page'], tags: () => [pesticidesTag, cropsTag, cropAlertsTag] },
    {
      // The printable factsheet: the record and its pesticide summary.
      path: '/search/bug/factsheet',
      keyParams: ['id'],
      tags(url) {
        const id = recordId.safeParse(url.searchParams.get('id'));
        return id.success ? [recordTag(id.data), pesticidesTag] : [recordListsTag];
      },
    },
    // search-query.ts: `type` is the form's spelling of `ty`, which the loader redirects to.
    {
      path: '/search/bug',
      keyParams: ['term', 'ty', 'type', 'view', 'page'],
      tags: () => [recordListsTag, cropsTag],
    },
    // The open-data page names the pesticide data's source, date and rows, and the records' count.
    { path: '/open-data', keyParams: [], tags: () => [pesticidesTag, recordListsTag] },
  ];
}
