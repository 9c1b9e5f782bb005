import { defineFeature } from '../platform/feature/feature-manifest';
import { advisoryCacheablePages } from './advisory/advisory-cacheable-pages';
import { registerAdvisoryCalls } from './advisory/advisory-calls';
import { advisoryPhotoRoutes } from './advisory/advisory-photo-routes';
import { advisorySeed } from './advisory/advisory-seed';
import { createAdvisoryServices } from './advisory/advisory-services';
import { listAdvisorySitemapEntries } from './advisory/services/list-advisory-sitemap-entries';
import { refreshStaleCaseSearch } from './advisory/services/refresh-case-search';
import * as schema from './schema';

/**
 * Consultation (issue 11): the diagnosis wizard, the image consultation archive, the consultation
 * form with its photos, and the expert desk in /admin.
 */
export const consultationFeature = defineFeature({
  name: 'consultation',
  servicesKey: 'consultation',
  tables: schema,
  services: (context) => ({
    ...createAdvisoryServices(context),
  }),
  async routes(app, services) {
    await advisoryPhotoRoutes(app, services);
  },
  calls(app, services) {
    registerAdvisoryCalls(app, services);
  },
  // After the records (30): the demo cases' photos are copies of seeded record pictures.
  seeds: [{ order: 60, set: advisorySeed }],
  cacheablePages: () => [...advisoryCacheablePages()],
  sitemap: async (db) => [...(await listAdvisorySitemapEntries(db))],
  async onStart({ db, log }) {
    const searchRows = await refreshStaleCaseSearch(db);
    if (searchRows > 0) log.info({ cases: searchRows }, 'consultation search rows written');
  },
});
