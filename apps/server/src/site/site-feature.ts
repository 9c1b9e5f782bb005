import type { CacheablePage } from '../platform/ssr/page-cache';
import { homeCacheablePage } from './home-cacheable-page';
import { defineFeature } from '../platform/feature/feature-manifest';
import { siteAdminResources } from './admin/site-admin-resources';
import { ensureSystemSettings } from './services/ensure-system-settings';
import * as schema from './schema';
import { sectionBannersSeed } from './seed/section-banners-seed';
import { siteSeed } from './seed/site-seed';
import { siteRoutes } from './site-routes';
import { createSiteServices, systemSettingsTag } from './site-services';
import { sitePictureCopies } from './admin/site-picture-copies';
import { siteAuditLabels } from './site-audit-labels';

// Google's tag hosts, allowed only while analytics is switched on in the system settings.
const googleTagHosts = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.googletagmanager.com',
];

/** The site shell: system settings, carousels and the Google tag. */
export const siteFeature = defineFeature({
  name: 'site',
  servicesKey: 'site',
  tables: schema,
  services: createSiteServices,
  routes: siteRoutes,
  adminResources: siteAdminResources,
  auditLabels: siteAuditLabels,
  publicCopies: sitePictureCopies,
  // The privacy policy and the offline page are the same for everyone; a settings write publishes every tag.
  // Annotated: inferring it would go through app.services, whose type is made of every feature, this one too.
  cacheablePages: (app): CacheablePage[] => [
    homeCacheablePage(app.services.readingRoom),
    { path: '/privacy', keyParams: [], tags: () => [systemSettingsTag] },
    { path: '/offline', keyParams: [], tags: () => [systemSettingsTag] },
  ],
  async onStart({ db, log }) {
    if (await ensureSystemSettings(db)) log.info('system settings created with their defaults');
  },
  seeds: [
    { order: 10, set: siteSeed },
    { order: 11, set: sectionBannersSeed },
  ],
  async contentSecurityPolicy(services) {
    const settings = await services.getSystemSettings().catch(() => null);
    if (!settings?.g_tag) return {};
    return { 'script-src': googleTagHosts.slice(0, 1), 'img-src': googleTagHosts, 'connect-src': googleTagHosts };
  },
});
