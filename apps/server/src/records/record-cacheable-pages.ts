import { recordId } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { CacheablePage } from '../platform/ssr/page-cache';
import { RecordViewCounter } from './record-view-counter';

/**
 * The record pages the SSR page cache may keep for anonymous visitors: the detail page (a hit
 * still counts a view for the hot list) and the pesticide page. Both change only when records,
 * pictures or pesticide data are written, and those writes empty the cache.
 */
export function recordCacheablePages(app: FastifyInstance): CacheablePage[] {
  const views = new RecordViewCounter(app.db, (error) => app.log.error({ err: error }, 'could not save record views'));
  app.addHook('onClose', () => views.flush());
  return [
    {
      path: '/search/bug/detail',
      onHit(url) {
        const id = recordId.safeParse(url.searchParams.get('id'));
        if (id.success) views.add(id.data);
      },
    },
    { path: '/search/bug/detail2' },
  ];
}
