import { pesticideImportsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../../platform/admin/admin-resource';
import type { RecordsServices } from '../records-services';

/**
 * The pesticide import's history in /admin (issue 14 §2, decision 0235): editors and admins list
 * the imports and read one; importing, the preview, applying, cancelling and rolling back are the
 * feature's own screens (apps/web/app/records/pesticide-imports/), each a service of this feature.
 */
export function pesticideImportsAdminResources(services: RecordsServices) {
  return [
    defineAdminResource({
      contract: pesticideImportsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listPesticideImports(query),
      get: async (id) => (await services.getPesticideImport(Number(id)))?.import ?? null,
    }),
  ];
}
