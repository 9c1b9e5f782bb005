import { cropsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import type { CropsServices } from './crops-services';

/** The crop list in /admin: editors and admins keep crops and synonyms (decision 0360). */
export function cropsAdminResources(services: CropsServices) {
  return [
    defineAdminResource({
      contract: cropsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listCropRows(query),
      get: (id) => services.getCropRow(Number(id)),
      create: (input, actor) => services.saveCrop(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveCrop(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteCrop(actor, Number(id)),
    }),
  ];
}
