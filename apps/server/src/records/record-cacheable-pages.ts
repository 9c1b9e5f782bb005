import { recordId } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { CacheablePage } from '../platform/ssr/page-cache';
import { RecordViewCounter } from './record-view-counter';
import { pesticidesTag, recordListsTag, recordTag } from './records-cache-tags';

/**
 * The record pages the SSR page cache may keep for anonymous visitors: the detail page (a hit
 * still counts a view for the hot list) and the pesticide page, with the cache tags that make
 * them stale: the record shown, or the pesticide data and the record names it is looked up by.
 */
export function recordCacheablePages(app: FastifyInstance): CacheablePage[] {
  const views = new RecordViewCounter(app.db, (error) => app.log.error({ err: error }, 'could not save record views'));
  app.addHook('onClose', () => views.flush());
  return [
    {
      path: '/search/bug/detail',
      tags(url) {
        const id = recordId.safeParse(url.searchParams.get('id'));
        return id.success ? [recordTag(id.data)] : [recordListsTag];
      },
      onHit(url) {
        const id = recordId.safeParse(url.searchParams.get('id'));
        if (id.success) views.add(id.data);
      },
    },
    { path: '/search/bug/detail2', tags: () => [pesticidesTag, recordListsTag] },
  ];
}
