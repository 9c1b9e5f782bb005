import { defineFeature } from '../platform/feature/feature-manifest';
import { newsRoutes } from './news-routes';
import { readingRoomAdminResources } from './reading-room-admin-resources';
import { registerReadingRoomCalls } from './reading-room-calls';
import { readingRoomFileRoutes } from './reading-room-file-routes';
import { createReadingRoomServices } from './reading-room-services';
import * as schema from './schema';
import { ipmCropLinksSeed } from './seed/ipm-crop-links-seed';
import { readingRoomDemoClipsSeed, readingRoomSeed } from './seed/reading-room-seed';
import { listReadingRoomSitemapEntries } from './services/list-reading-room-sitemap-entries';
import { refreshStaleReadingRoomSearch } from './services/refresh-reading-room-search';
import { readingRoomPictureCopies } from './services/reading-room-picture-copies';
import { readingRoomAuditLabels } from './reading-room-audit-labels';
import { readingRoomCacheablePages } from './reading-room-cacheable-pages';
import { ipmListsTag, publicationListsTag, videoListsTag } from './reading-room-cache-tags';

/** The reading room: IPM sheets, publications, videos, quick start, news and researchers. */
export const readingRoomFeature = defineFeature({
  name: 'reading-room',
  servicesKey: 'readingRoom',
  tables: schema,
  services: createReadingRoomServices,
  async routes(app, services) {
    await newsRoutes(app, services);
    await readingRoomFileRoutes(app, services);
  },
  calls: registerReadingRoomCalls,
  adminResources: (services) => readingRoomAdminResources(services),
  auditLabels: readingRoomAuditLabels,
  sitemap: listReadingRoomSitemapEntries,
  publicCopies: readingRoomPictureCopies,
  cacheablePages: (_app, services) => readingRoomCacheablePages(services),
  // Its demo clips came after the records' demo content (reading-room-demo-clips-v1).
  seeds: [
    { order: 20, set: readingRoomSeed },
    { order: 40, set: readingRoomDemoClipsSeed },
    // After the crop vocabulary (10): the demo sheets' crop links.
    { order: 45, set: ipmCropLinksSeed },
  ],
  async onStart({ db, log, invalidation }) {
    const searchRows = await refreshStaleReadingRoomSearch(db);
    if (searchRows === 0) return;
    log.info({ items: searchRows }, 'reading-room search rows written');
    // Servers already running keep search pages (decision 0452): rows written here change them.
    await invalidation.publish([ipmListsTag, publicationListsTag, videoListsTag]);
  },
});
