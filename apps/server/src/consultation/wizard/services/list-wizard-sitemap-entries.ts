import type { Database } from '../../../platform/database/database';
import type { SitemapEntry } from '../../../platform/sitemap/sitemap-source';
import { listWizardCrops } from './list-wizard-crops';

/** The wizard's public pages: the crop choice and the first step of every online crop. */
export async function listWizardSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const crops = await listWizardCrops(db);
  return [{ path: '/consultation' }, ...crops.map((crop) => ({ path: `/consultation?id=${crop.id}` }))];
}
