import { pesticideImportsAdminContract } from '@pest/contracts';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import { defineAdminResource } from '../../platform/admin/admin-resource';
import type { RecordsServices } from '../records-services';

/**
 * The pesticide import's history in /admin (decision 0235): editors and admins list
 * the imports and read one, and apply, cancel or roll back one (row actions, also on the generic
 * API). The screens are the feature's own (apps/web/app/records/pesticide-imports/): the upload
 * form, the preview with its changes, and a confirmation page before a rollback.
 */
export function pesticideImportsAdminResources(services: RecordsServices) {
  return [
    defineAdminResource({
      contract: pesticideImportsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listPesticideImports(query),
      figures: () => services.countWaitingImports(),
      // The import form (its CSV read through the upload pipeline first): queues the preview, returns its id.
      create: async (input, actor) =>
        (
          await services.queuePesticidePreview(
            { fileId: input.file, owner: staffUploader(actor), fields: input },
            actor,
          )
        ).importId,
      get: async (id) => (await services.getPesticideImport(Number(id)))?.import ?? null,
      actions: {
        apply: async (id, actor) => {
          await services.applyPesticideImport(actor, Number(id));
        },
        cancel: async (id, actor) => {
          await services.cancelPesticideImport(actor, Number(id));
        },
        'roll-back': async (id, actor) => {
          await services.rollBackPesticideImport(actor, Number(id));
        },
      },
    }),
  ];
}
