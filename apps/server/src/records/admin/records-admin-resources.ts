import { recordPicturesAdminContract, recordsAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../../platform/admin/admin-resource';
import type { RecordsServices } from '../records-services';

/**
 * Records in /admin: editors and admins list, create and edit them. Not deleted
 * here: wizard cards, consultation answers and links from outside point at a record's address, and
 * a deleted record would break them all (decision 0231).
 */
const onePicture = { page: 1, pageSize: 1, sort: { key: 'id', direction: 'asc' as const }, filters: {} };

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
      actions: { 'clear-demo': (id, actor) => services.clearRecordDemo(actor, Number(id)) },
    }),
    // A record's pictures by class (decision 0251): uploaded, captioned, credited, ordered, hidden or deleted.
    defineAdminResource({
      contract: recordPicturesAdminContract,
      roles: ['editor', 'admin'],
      list: (query) => services.listRecordPictureRows(query),
      get: async (id) => (await services.listRecordPictureRows(onePicture, Number(id))).rows[0] ?? null,
      create: (input, actor) => services.saveRecordPicture(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveRecordPicture(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteRecordPicture(actor, Number(id)),
    }),
  ];
}
