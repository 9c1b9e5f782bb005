import { alertFanOutPayload } from './alerts-jobs';
import { defineFeature } from '../platform/feature/feature-manifest';
import { defineJob } from '../platform/jobs/job-queue';
import { alertsAdminResources } from './alerts-admin-resources';
import { alertsAuditLabels } from './alerts-audit-labels';
import { alertsRoutes } from './alerts-routes';
import { createAlertsServices } from './alerts-services';
import { alertsPersonalData } from './privacy/alerts-personal-data';
import * as schema from './schema';
import { fanOutAlertJob } from './services/publish-alert';

/**
 * Pest alerts (病蟲害警報, decisions 0402–0404, 0420–0421): editors publish them in /admin; farmers
 * subscribe by crop and county (push, e-mail, or LINE with the discussion's verified identity); each
 * is sent once per person through the job queue in batches, and shows on the home page and the crop's
 * pages while active. Reaches the crops and the discussion only through their index.ts.
 */
export const alertsFeature = defineFeature({
  name: 'alerts',
  servicesKey: 'alerts',
  tables: schema,
  services: createAlertsServices,
  routes: (app, services) => alertsRoutes(app, services),
  jobs: (services) => ({
    [fanOutAlertJob]: defineJob({
      label: '發送病蟲害警報',
      payload: alertFanOutPayload,
      handle: async (payload) => {
        await services.fanOutAlert(payload);
      },
    }),
  }),
  personalData: () => alertsPersonalData,
  adminResources: (services) => alertsAdminResources(services),
  auditLabels: alertsAuditLabels,
});
