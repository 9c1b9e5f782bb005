import { recordsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../../platform/admin/admin-resource';
import type { RecordsServices } from '../records-services';

/**
 * Records in /admin (issue 14 §2): editors and admins list, create and edit them. Not deleted
 * here: wizard cards, consultation answers and links from outside point at a record's address, and
 * a deleted record would break them all (decision 0231).
 */
export function recordsAdminResources(services: RecordsServices) {
  return [
    defineAdminResource({
      contract: recordsAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listAdminRecords(query),
      get: (id) => services.getAdminRecord(Number(id)),
      create: (input, actor) => services.saveRecord(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveRecord(actor, Number(id), input);
      },
    }),
  ];
}
