import { defineFeature } from '../platform/feature/feature-manifest';
import { recordsAdminResources } from './admin/records-admin-resources';
import { recordCacheablePages } from './record-cacheable-pages';
import { registerRecordsCalls } from './records-calls';
import { recordsFileRoutes } from './records-file-routes';
import { createRecordsServices } from './records-services';
import * as schema from './schema';
import { recordsSeed } from './seed/records-seed';
import { fillMissingSearchRows } from './services/fill-missing-search-rows';
import { listRecordSitemapEntries } from './services/list-record-sitemap-entries';

/** Records of pests, diseases, beneficials and mites, their search, pictures and pesticide uses. */
export const recordsFeature = defineFeature({
  name: 'records',
  servicesKey: 'records',
  tables: schema,
  services: createRecordsServices,
  routes: (app, services) => recordsFileRoutes(app, services),
  calls: registerRecordsCalls,
  seeds: [{ order: 30, set: recordsSeed }],
  cacheablePages: (_app, services) => recordCacheablePages(services),
  onClose: (services) => services.flushRecordViews(),
  sitemap: listRecordSitemapEntries,
  adminResources: recordsAdminResources,
  async onStart({ db, log }) {
    const searchRowsFilled = await fillMissingSearchRows(db);
    if (searchRowsFilled > 0) log.info({ records: searchRowsFilled }, 'search rows filled in for existing records');
  },
});
