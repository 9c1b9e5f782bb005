import { quickFilesAdminContract, quickItemsAdminContract, relatedLinksAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import { readingRoomEditors } from './reading-room-editors';
import type { ReadingRoomServices } from './reading-room-services';

const oneRow = { page: 1, pageSize: 1, filters: {} } as const;

/**
 * Quick-start items with their files (a child list, as a record's pictures are) and the related
 * links of /link in /admin (decisions 0247–0249): editors and admins.
 */
export function readingRoomItemsAdminResources(services: ReadingRoomServices) {
  return [
    defineAdminResource({
      contract: quickItemsAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listQuickItemAdminRows(query),
      get: async (id) =>
        (await services.listQuickItemAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveQuickItem(actor, input),
      update: async (id, input, actor) => {
        await services.saveQuickItem(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteQuickItem(actor, Number(id)),
      actions: {
        publish: (id, actor) => services.setQuickItemState(actor, Number(id), 'published'),
        unpublish: (id, actor) => services.setQuickItemState(actor, Number(id), 'draft'),
      },
    }),
    defineAdminResource({
      contract: quickFilesAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listQuickFileAdminRows(query),
      get: async (id) =>
        (await services.listQuickFileAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveQuickFile(actor, input),
      update: async (id, input, actor) => {
        await services.saveQuickFile(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteQuickFile(actor, Number(id)),
    }),
    defineAdminResource({
      contract: relatedLinksAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listRelatedLinkAdminRows(query),
      get: async (id) =>
        (await services.listRelatedLinkAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveRelatedLink(actor, input),
      update: async (id, input, actor) => {
        await services.saveRelatedLink(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteRelatedLink(actor, Number(id)),
    }),
  ];
}
