import { catalogDetailsAdminContract, catalogTypesAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import type { DownloadsServices } from './downloads-services';

const editors = ['editor', 'admin'] as const;
const oneRow = { page: 1, pageSize: 1, sort: { key: 'id', direction: 'asc' as const }, filters: {} };

/** Download types and files in /admin: editors and admins manage them. */
export function downloadsAdminResources(services: DownloadsServices) {
  return [
    defineAdminResource({
      contract: catalogTypesAdminContract,
      roles: editors,
      list: (query) => services.listTypeRows(query),
      get: async (id) => (await services.listTypeRows(oneRow, Number(id))).rows[0] ?? null,
      create: (input, actor) => services.saveType(actor, input),
      update: async (id, input, actor) => {
        await services.saveType(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteType(actor, Number(id)),
    }),
    defineAdminResource({
      contract: catalogDetailsAdminContract,
      roles: editors,
      list: (query) => services.listDetailRows(query),
      get: async (id) => (await services.listDetailRows(oneRow, Number(id))).rows[0] ?? null,
      create: (input, actor) => services.saveDetail(actor, input),
      update: async (id, input, actor) => {
        await services.saveDetail(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteDetail(actor, Number(id)),
    }),
  ];
}
