import { wizardCropsAdminContract, wizardLevelsAdminContract, wizardOptionsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../../platform/admin/admin-resource';
import type { WizardAdminServices } from './wizard-admin-services';

/**
 * The diagnosis wizard's trees in /admin: crops, their levels and the
 * option cards of each level, kept by editors and admins. Crops are not deleted (decision 0270):
 * the consultation cases and the experts of a crop name it; staff take it offline instead.
 */
export function wizardAdminResources(services: WizardAdminServices) {
  return [
    defineAdminResource({
      contract: wizardCropsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listCrops(query),
      get: (id) => services.getCrop(Number(id)),
      create: (input, actor) => services.saveCrop(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveCrop(actor, Number(id), input);
      },
    }),
    defineAdminResource({
      contract: wizardLevelsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listLevels(query),
      get: (id) => services.getLevel(Number(id)),
      create: (input, actor) => services.saveLevel(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveLevel(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteLevel(actor, Number(id)),
    }),
    defineAdminResource({
      contract: wizardOptionsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listOptions(query),
      get: (id) => services.getOption(Number(id)),
      create: (input, actor) => services.saveOption(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveOption(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteOption(actor, Number(id)),
    }),
  ];
}
