import { defineFeature } from '../platform/feature/feature-manifest';
import { advisoryCacheablePages } from './advisory/advisory-cacheable-pages';
import { registerAdvisoryCalls } from './advisory/advisory-calls';
import { advisoryPhotoRoutes } from './advisory/advisory-photo-routes';
import { advisorySeed } from './advisory/advisory-seed';
import { createAdvisoryServices } from './advisory/advisory-services';
import { listAdvisorySitemapEntries } from './advisory/services/list-advisory-sitemap-entries';
import { refreshStaleCaseSearch } from './advisory/services/refresh-case-search';
import { advisoryListTag } from './advisory/advisory-cache-tags';
import { registerFormCalls } from './form/form-calls';
import { registerFormRoutes } from './form/form-routes';
import { registerPhotoUploadRoutes } from './form/photo-upload-routes';
import { casePushRoutes } from './push/case-push-routes';
import { formJobs, formServices } from './form/form-services';
import { deskAdminResources } from './desk/desk-admin-resources';
import { deskJobs } from './desk/desk-jobs';
import { deskRoutes } from './desk/desk-routes';
import { createDeskServices } from './desk/desk-services';
import { cropPackRoutes } from './crop-pack/crop-pack-routes';
import { consultationPersonalData } from './privacy/consultation-personal-data';
import * as schema from './schema';
import { listWizardSitemapEntries } from './wizard/services/list-wizard-sitemap-entries';
import { wizardSeed } from './wizard/seed/wizard-seed';
import { wizardCacheablePages } from './wizard/wizard-cacheable-pages';
import { registerWizardCalls } from './wizard/wizard-calls';
import { createWizardServices } from './wizard/wizard-services';
import { wizardAdminResources } from './wizard-admin/wizard-admin-resources';
import { createWizardAdminServices } from './wizard-admin/wizard-admin-services';
import { wizardPictureRoutes } from './wizard-admin/wizard-picture-routes';
import { consultationAuditLabels } from './consultation-audit-labels';

/**
 * Consultation: the diagnosis wizard, the image consultation archive, the consultation
 * form with its photos, the expert desk in /admin and the wizard's trees kept there.
 */
export const consultationFeature = defineFeature({
  name: 'consultation',
  servicesKey: 'consultation',
  tables: schema,
  // Each part's services under its own key: context.services.consultation.advisory.…, .wizard.…
  services: (context) => ({
    advisory: createAdvisoryServices(context),
    wizard: createWizardServices(context),
    wizardAdmin: createWizardAdminServices(context),
    form: formServices(context),
    desk: createDeskServices(context),
    push: { db: context.db, push: context.push },
  }),
  async routes(app, services) {
    await advisoryPhotoRoutes(app, services.advisory);
    registerFormRoutes(app, services.form);
    await registerPhotoUploadRoutes(app, services.form);
    casePushRoutes(app, services.push);
    await deskRoutes(app, services.desk);
    await wizardPictureRoutes(app, services.wizardAdmin);
    cropPackRoutes(app, services.wizard);
  },
  calls(app, services) {
    registerAdvisoryCalls(app, services.advisory);
    registerWizardCalls(app, services.wizard);
    registerFormCalls(app, services.form);
  },
  jobs: (services) => ({
    ...formJobs(services.form),
    ...deskJobs(services.desk),
  }),
  personalData: () => consultationPersonalData,
  adminResources: (services) => [...deskAdminResources(services.desk), ...wizardAdminResources(services.wizardAdmin)],
  auditLabels: consultationAuditLabels,
  // The wizard after the records (30) and the reading room (20, 40): the trees link to their rows.
  // The archive after that: the demo cases' photos are copies of seeded record pictures.
  seeds: [
    { order: 50, set: wizardSeed },
    { order: 60, set: advisorySeed },
  ],
  cacheablePages: () => [...wizardCacheablePages(), ...advisoryCacheablePages()],
  sitemap: async (db) => [...(await listWizardSitemapEntries(db)), ...(await listAdvisorySitemapEntries(db))],
  async onStart({ db, log, invalidation }) {
    const searchRows = await refreshStaleCaseSearch(db);
    if (searchRows === 0) return;
    log.info({ cases: searchRows }, 'consultation search rows written');
    // Servers already running keep each filter's matches (decision 0450): rows written here change them.
    await invalidation.publish([advisoryListTag]);
  },
});
