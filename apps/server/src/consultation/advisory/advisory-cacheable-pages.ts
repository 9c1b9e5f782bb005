import { idSchema } from '@pest/contracts';
import type { CacheablePage } from '../../platform/ssr/page-cache';
import { advisoryCaseTag, advisoryListTag } from './advisory-cache-tags';

/**
 * The archive's pages the anonymous page cache may keep: the list (any crop, words, page) and a
 * case's page, stale when the lists or that case change. The reply of a case also shows its
 * linked records' names, which may lag by the cache's expiry when a record is renamed.
 */
export function advisoryCacheablePages(): CacheablePage[] {
  return [
    { path: '/consultation/advisory', keyParams: ['crop', 'term', 'page'], tags: () => [advisoryListTag] },
    {
      path: '/consultation/advisory/detail',
      // `photo` picks the group of photos shown.
      keyParams: ['id', 'photo'],
      tags(url) {
        const id = idSchema.safeParse(url.searchParams.get('id'));
        return id.success ? [advisoryCaseTag(id.data)] : [advisoryListTag];
      },
    },
  ];
}
