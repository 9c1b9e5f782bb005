import { recordId } from '@pest/contracts';
import { cropsTag } from '../../crops';
import type { CacheablePage } from '../../platform/ssr/page-cache';
import { ipmListsTag } from '../../reading-room';
import { recordListsTag } from '../../records';
import { wizardCropTag, wizardTag } from './wizard-cache-tags';

/**
 * Every wizard step is the same for every visitor; it changes with the crop menu (`wizardTag`)
 * and with its own crop's levels and options (`wizardCropTag`), so an option an editor adds
 * drops that crop's pages and no other's. A crop's final cards show only published targets, so
 * its pages change too when a record or an IPM sheet is published or goes back to draft.
 */
export function wizardCacheablePages(): CacheablePage[] {
  return [
    {
      path: '/consultation',
      // wizard-query.ts: the crop, the level and the options chosen so far; `crop`, a crop's name
      // or synonym, is sent on to its id through the crop vocabulary (wizard-route.tsx).
      keyParams: ['id', 'level', 'o', 'crop'],
      tags(url) {
        if (url.searchParams.has('crop')) return [wizardTag, cropsTag];
        const crop = recordId.safeParse(url.searchParams.get('id'));
        return crop.success ? [wizardTag, wizardCropTag(crop.data), recordListsTag, ipmListsTag] : [wizardTag];
      },
    },
  ];
}
