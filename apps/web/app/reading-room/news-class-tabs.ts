import { newsTabs, type NewsClassFilter } from '@pest/contracts';
import type { LinkTab } from '../ui/link-tabs';

/** The news class tabs (all, fruit trees, grains, flowers, vegetables, mushrooms) as links. */
export function newsClassTabs(hrefFor: (newsClass: NewsClassFilter) => string): LinkTab[] {
  return newsTabs.map((tab) => ({ key: tab.value, label: tab.label, href: hrefFor(tab.value) }));
}
