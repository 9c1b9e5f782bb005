import { carouselsAdminContract, systemSettingsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../../platform/admin/admin-resource';
import type { SiteServices } from '../site-services';

/**
 * The site's settings and banner slides in /admin. The settings reach every
 * page, the analytics policy and the contact page's map: admins alone change them; editors see
 * them and keep the slides.
 */
export function siteAdminResources(services: SiteServices) {
  return [
    defineAdminResource({
      contract: systemSettingsAdminContract,
      roles: ['editor', 'admin'],
      writeRoles: ['admin'],
      list: () => services.listSystemSettings(),
      get: async (id) => (await services.listSystemSettings(Number(id))).rows[0] ?? null,
      update: (id, input, actor) => services.updateSystemSettings(actor, Number(id), input),
    }),
    defineAdminResource({
      contract: carouselsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listCarouselsForAdmin(query),
      get: (id) => services.getCarouselForAdmin(Number(id)),
      create: (input, actor) => services.saveCarousel(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveCarousel(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteCarousel(actor, Number(id)),
    }),
  ];
}
