import { defineFeature } from '../platform/feature/feature-manifest';
import { cropsAdminResources } from './crops-admin-resources';
import { cropsAuditLabels } from './crops-audit-labels';
import { createCropsServices } from './crops-services';
import * as schema from './schema';
import { cropsSeed } from './seed/crops-seed';

/**
 * The one crop vocabulary (decision 0360): crops and their synonyms, edited in /admin, and the
 * links of records and IPM sheets to crops. It reaches no other feature; the records, the reading
 * room and the consultation resolve crop names and keep their links through its index.ts.
 */
export const cropsFeature = defineFeature({
  name: 'crops',
  servicesKey: 'crops',
  tables: schema,
  services: createCropsServices,
  adminResources: (services) => cropsAdminResources(services),
  auditLabels: cropsAuditLabels,
  // Before the records (30) and the reading room (20, 40): their crop links name these crops.
  seeds: [{ order: 10, set: cropsSeed }],
});
