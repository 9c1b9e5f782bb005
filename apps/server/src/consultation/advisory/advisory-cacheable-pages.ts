import { idSchema } from '@pest/contracts';
import { cropsTag } from '../../crops';
import type { CacheablePage } from '../../platform/ssr/page-cache';
import { advisoryCaseTag, advisoryListTag } from './advisory-cache-tags';

/**
 * The archive's pages the anonymous page cache may keep: the list (any crop, words, page) and a
 * case's page, stale when the lists or that case change. The reply of a case also shows its
 * linked records' names, which may lag by the cache's expiry when a record is renamed.
 */
export function advisoryCacheablePages(): CacheablePage[] {
  return [
    // The crop filter and menu read the crop vocabulary.
    { path: '/consultation/advisory', tags: () => [advisoryListTag, cropsTag] },
    {
      path: '/consultation/advisory/detail',
      tags(url) {
        const id = idSchema.safeParse(url.searchParams.get('id'));
        return id.success ? [advisoryCaseTag(id.data)] : [advisoryListTag];
      },
    },
  ];
}
