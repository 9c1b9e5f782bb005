import { defineFeature } from '../platform/feature/feature-manifest';
import { catalogueAdminResources } from './catalogue-admin-resources';
import { cartAndOrderRoutes } from './cart-and-order-routes';
import { catalogueRoutes } from './catalogue-routes';
import { cataloguePersonalData } from './privacy/catalogue-personal-data';
import { createCatalogueServices } from './catalogue-services';
import * as schema from './schema';
import { catalogueSeed } from './seed/catalogue-seed';
import { catalogueAuditLabels } from './catalogue-audit-labels';
import { orderSearchSource } from './services/refresh-order-search';
import { fillAdminSearchRows } from '../platform/admin/admin-search-rows';

/**
 * The storefront: the catalogue's collections and their product-API calls, the
 * member's cart, the inquiry and its orders, and their /admin screens.
 */
export const catalogueFeature = defineFeature({
  name: 'catalogue',
  servicesKey: 'catalogue',
  tables: schema,
  services: createCatalogueServices,
  async routes(app, services) {
    await catalogueRoutes(app, services);
    await cartAndOrderRoutes(app, services);
  },
  adminResources: (services) => catalogueAdminResources(services),
  auditLabels: catalogueAuditLabels,
  personalData: () => cataloguePersonalData,
  async onStart({ db, log, underStartupLock }) {
    const filled = await underStartupLock(() => fillAdminSearchRows(db, orderSearchSource));
    if (filled > 0) log.info({ orders: filled }, 'search rows filled in for orders');
  },
  // After the site's settings and banners (10).
  seeds: [{ order: 70, set: catalogueSeed }],
});
