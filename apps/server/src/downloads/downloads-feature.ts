import { defineFeature } from '../platform/feature/feature-manifest';
import { downloadsAdminResources } from './downloads-admin-resources';
import { downloadsRoutes } from './downloads-routes';
import { createDownloadsServices } from './downloads-services';
import * as schema from './schema';
import { downloadsSeed } from './seed/downloads-seed';
import { downloadsAuditLabels } from './downloads-audit-labels';

/**
 * Downloads: the catalog types, details and relations of the product API, the file
 * route behind `/file?catalog=`, and their admin screens.
 */
export const downloadsFeature = defineFeature({
  name: 'downloads',
  servicesKey: 'downloads',
  tables: schema,
  services: (context) => createDownloadsServices(context),
  async routes(app, services) {
    await downloadsRoutes(app, services);
  },
  adminResources: (services) => downloadsAdminResources(services),
  auditLabels: downloadsAuditLabels,
  // After the reading room (20, 40), whose PDF writer it uses.
  seeds: [{ order: 70, set: downloadsSeed }],
});
