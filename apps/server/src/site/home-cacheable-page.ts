import { wizardTag } from '../consultation';
import { cropAlertsTag } from '../crops';
import type { CacheablePage } from '../platform/ssr/page-cache';
import { ipmListsTag, newsListsTag, type ReadingRoomServices } from '../reading-room';
import { recordListsTag } from '../records';
import { carouselsTag } from './site-services';

/**
 * The home page in the page cache (decision 0452): the same for every visitor, made of the slides, the
 * hot and new records, a news class's first items, the IPM topics, the wizard's crops and the active
 * alerts — each section's writes publish the tag named here. `news` picks the news tab
 * (home-reading-room-data.ts); any other parameter (`utm_*`, `fbclid`) is the same page. The entry ends
 * when the next scheduled news item falls due, and the hot list (views, not writes) may lag by the
 * cache's 5-minute lifetime, as the search page's does.
 */
export function homeCacheablePage(readingRoom: Pick<ReadingRoomServices, 'newsListsEndAt'>): CacheablePage {
  return {
    path: '/',
    keyParams: ['news'],
    tags: () => [carouselsTag, recordListsTag, newsListsTag, ipmListsTag, wizardTag, cropAlertsTag],
    expiresAt: readingRoom.newsListsEndAt,
  };
}
