import { recordId } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { CacheablePage } from '../platform/ssr/page-cache';

/**
 * The record pages the SSR page cache may keep for anonymous visitors: the detail page (a hit
 * still counts a view for the hot list) and the pesticide page. Both change only when records,
 * pictures or pesticide data are written, and those writes empty the cache.
 */
export function recordCacheablePages(app: FastifyInstance): CacheablePage[] {
  return [
    {
      path: '/search/bug/detail',
      onHit(url, request) {
        const id = recordId.safeParse(url.searchParams.get('id'));
        if (id.success) app.recordViews.add(id.data, request.ip);
      },
    },
    { path: '/search/bug/detail2' },
  ];
}
