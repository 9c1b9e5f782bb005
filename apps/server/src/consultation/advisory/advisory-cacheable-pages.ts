import { idSchema } from '@pest/contracts';
import { cropsTag } from '../../crops';
import type { CacheablePage } from '../../platform/ssr/page-cache';
import { ipmListsTag } from '../../reading-room';
import { recordListsTag } from '../../records';
import { advisoryCaseTag, advisoryListTag } from './advisory-cache-tags';

/**
 * The archive's pages the anonymous page cache may keep: the list (any crop, words, page) and a
 * case's page, stale when the lists or that case change. A case's page also links the records and
 * IPM sheets attached to its reply, so it goes stale too when one is published or withdrawn.
 */
export function advisoryCacheablePages(): CacheablePage[] {
  return [
    // The crop filter and menu read the crop vocabulary.
    {
      path: '/consultation/advisory',
      keyParams: ['crop', 'term', 'page'],
      tags: () => [advisoryListTag, cropsTag],
    },
    {
      path: '/consultation/advisory/detail',
      // `photo` picks the group of photos shown.
      keyParams: ['id', 'photo'],
      tags(url) {
        const id = idSchema.safeParse(url.searchParams.get('id'));
        return id.success ? [advisoryCaseTag(id.data), recordListsTag, ipmListsTag] : [advisoryListTag];
      },
    },
  ];
}
