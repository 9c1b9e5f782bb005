import type { CacheablePage } from '../../platform/ssr/page-cache';
import { wizardTag } from './wizard-cache-tags';

/** Every wizard step is the same for every visitor; it changes only with the trees. */
export function wizardCacheablePages(): CacheablePage[] {
  return [{ path: '/consultation', tags: () => [wizardTag] }];
}
