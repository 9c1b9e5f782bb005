import { z } from 'zod';
import { defineFeature } from '../platform/feature/feature-manifest';
import { defineJob } from '../platform/jobs/job-queue';
import { newsRoutes } from './news-routes';
import { readingRoomAdminResources } from './reading-room-admin-resources';
import { registerReadingRoomCalls } from './reading-room-calls';
import { readingRoomFileRoutes } from './reading-room-file-routes';
import { createReadingRoomServices } from './reading-room-services';
import * as schema from './schema';
import { readingRoomDemoClipsSeed, readingRoomSeed } from './seed/reading-room-seed';
import { listReadingRoomSitemapEntries } from './services/list-reading-room-sitemap-entries';
import { refreshStaleReadingRoomSearch } from './services/refresh-reading-room-search';

export const removeUnusedPublicPhotosJob = 'reading-room.remove-unused-public-photos';

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
  sitemap: listReadingRoomSitemapEntries,
  jobs: (services) => ({
    [removeUnusedPublicPhotosJob]: defineJob({
      label: '移除不再使用的公開圖片',
      payload: z.object({}),
      // The fallback of the removal after each write; before uploads.remove-stale (at :23) forgets
      // the uploads it finds the copies by.
      schedule: '13 * * * *',
      handle: async () => {
        await services.removeUnusedPublicPhotos();
      },
    }),
  }),
  // Its demo clips came after the records' demo content (reading-room-demo-clips-v1).
  seeds: [
    { order: 20, set: readingRoomSeed },
    { order: 40, set: readingRoomDemoClipsSeed },
  ],
  async onStart({ db, log }) {
    const searchRows = await refreshStaleReadingRoomSearch(db);
    if (searchRows > 0) log.info({ items: searchRows }, 'reading-room search rows written');
  },
});
