import { z } from 'zod';
import { defineFeature } from '../platform/feature/feature-manifest';
import { defineJob } from '../platform/jobs/job-queue';
import { pesticideImportsAdminResources } from './admin/pesticide-imports-admin-resources';
import { recordsAdminResources } from './admin/records-admin-resources';
import { openDataRoutes } from './open-data/open-data-routes';
import { recordCacheablePages } from './record-cacheable-pages';
import { registerRecordsCalls } from './records-calls';
import { recordsFileRoutes } from './records-file-routes';
import { readPesticidePreviewJob } from './pesticides/queue-pesticide-preview';
import { createRecordsServices } from './records-services';
import * as schema from './schema';
import { recordCropLinksSeed } from './seed/record-crop-links-seed';
import { recordsSeed } from './seed/records-seed';
import { fillMissingSearchRows } from './services/fill-missing-search-rows';
import { listRecordSitemapEntries } from './services/list-record-sitemap-entries';
import { recordsAuditLabels } from './records-audit-labels';

/** Previews nobody applied within a day are dropped, hourly. */
export const expirePesticidePreviewsJob = 'records.expire-pesticide-previews';

/** Retries of a preview that failed for another reason than its file (the database went away). */
const previewRetries = 2;

/** Records of pests, diseases, beneficials and mites, their search, pictures and pesticide uses. */
export const recordsFeature = defineFeature({
  name: 'records',
  servicesKey: 'records',
  tables: schema,
  services: createRecordsServices,
  routes: async (app, services) => {
    await recordsFileRoutes(app, services);
    openDataRoutes(app, services);
  },
  calls: registerRecordsCalls,
  seeds: [
    { order: 30, set: recordsSeed },
    // After the crop vocabulary (10) and the pesticide sample this seed imports.
    { order: 45, set: recordCropLinksSeed },
  ],
  cacheablePages: (_app, services) => recordCacheablePages(services),
  onClose: (services) => services.flushRecordViews(),
  sitemap: listRecordSitemapEntries,
  adminResources: (services) => [...recordsAdminResources(services), ...pesticideImportsAdminResources(services)],
  auditLabels: recordsAuditLabels,
  jobs: (services) => ({
    // An editor's upload, read and compared off the request path (decision 0350).
    [readPesticidePreviewJob]: defineJob({
      label: '產生農藥資料匯入預覽',
      payload: z.object({ importId: z.number().int().positive() }),
      retryLimit: previewRetries,
      retryDelaySeconds: 5,
      handle: async ({ importId }, job) => {
        await services.readPesticidePreview(importId, { lastAttempt: job.attempt > previewRetries });
      },
    }),
    [expirePesticidePreviewsJob]: defineJob({
      label: '清除過期的農藥資料預覽',
      payload: z.object({}),
      schedule: '17 * * * *',
      handle: async () => {
        await services.expirePesticidePreviews();
      },
    }),
  }),
  async onStart({ db, log }) {
    const searchRowsFilled = await fillMissingSearchRows(db);
    if (searchRowsFilled > 0) log.info({ records: searchRowsFilled }, 'search rows filled in for existing records');
  },
});
