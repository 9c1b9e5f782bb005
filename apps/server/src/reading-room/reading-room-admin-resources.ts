import {
  ipmFilesAdminContract,
  ipmSheetsAdminContract,
  newsAdminContract,
  newsFilesAdminContract,
  newsPicturesAdminContract,
  publicationsAdminContract,
  researchersAdminContract,
  videosAdminContract,
  type AdminListQuery,
} from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import { readingRoomEditors } from './reading-room-editors';
import { readingRoomItemsAdminResources } from './reading-room-items-admin-resources';
import type { ReadingRoomServices } from './reading-room-services';

const oneRow = { page: 1, pageSize: 1, filters: {} } satisfies Omit<AdminListQuery, 'sort'>;

/** The reading room in /admin: editors and admins write IPM sheets, publications, videos,
 * news and the researchers' directory. */
export function readingRoomAdminResources(services: ReadingRoomServices) {
  return [
    defineAdminResource({
      contract: ipmSheetsAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listIpmSheetAdminRows(query),
      get: async (id) =>
        (await services.listIpmSheetAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveIpmSheet(actor, input),
      update: async (id, input, actor) => {
        await services.saveIpmSheet(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteIpmSheet(actor, Number(id)),
      actions: {
        publish: (id, actor) => services.setIpmSheetState(actor, Number(id), 'published'),
        unpublish: (id, actor) => services.setIpmSheetState(actor, Number(id), 'draft'),
      },
    }),
    defineAdminResource({
      contract: publicationsAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listPublicationAdminRows(query),
      get: async (id) =>
        (await services.listPublicationAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.savePublication(actor, input),
      update: async (id, input, actor) => {
        await services.savePublication(actor, input, Number(id));
      },
      remove: (id, actor) => services.deletePublication(actor, Number(id)),
      actions: {
        publish: (id, actor) => services.setPublicationState(actor, Number(id), 'published'),
        unpublish: (id, actor) => services.setPublicationState(actor, Number(id), 'draft'),
      },
    }),
    defineAdminResource({
      contract: videosAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listVideoAdminRows(query),
      get: async (id) =>
        (await services.listVideoAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id))).rows[0] ??
        null,
      create: (input, actor) => services.saveVideo(actor, input),
      update: async (id, input, actor) => {
        await services.saveVideo(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteVideo(actor, Number(id)),
      actions: {
        publish: (id, actor) => services.setVideoState(actor, Number(id), 'published'),
        unpublish: (id, actor) => services.setVideoState(actor, Number(id), 'draft'),
      },
    }),
    defineAdminResource({
      contract: researchersAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listResearcherAdminRows(query),
      get: async (id) =>
        (await services.listResearcherAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveResearcher(actor, input),
      update: async (id, input, actor) => {
        await services.saveResearcher(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteResearcher(actor, Number(id)),
    }),
    defineAdminResource({
      contract: newsAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listNewsAdminRows(query),
      get: async (id) =>
        (await services.listNewsAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id))).rows[0] ??
        null,
      create: (input, actor) => services.saveNews(actor, input),
      update: async (id, input, actor) => {
        await services.saveNews(actor, input, Number(id));
      },
      remove: (id, actor) => services.deleteNews(actor, Number(id)),
      actions: {
        publish: (id, actor) => services.setNewsState(actor, Number(id), 'published'),
        unpublish: (id, actor) => services.setNewsState(actor, Number(id), 'draft'),
      },
    }),
    // An IPM sheet's other downloads (decision 0245), linked from the sheet's detail screen.
    defineAdminResource({
      contract: ipmFilesAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listIpmFileAdminRows(query),
      get: async (id) =>
        (await services.listIpmFileAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveIpmFile(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveIpmFile(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteIpmFile(actor, Number(id)),
    }),
    // A news item's pictures and attachments (decision 0246), linked from the item's detail screen.
    defineAdminResource({
      contract: newsPicturesAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listNewsPictureAdminRows(query),
      get: async (id) =>
        (await services.listNewsPictureAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveNewsPicture(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveNewsPicture(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteNewsPicture(actor, Number(id)),
    }),
    defineAdminResource({
      contract: newsFilesAdminContract,
      roles: readingRoomEditors,
      list: (query) => services.listNewsFileAdminRows(query),
      get: async (id) =>
        (await services.listNewsFileAdminRows({ ...oneRow, sort: { key: 'id', direction: 'asc' } }, Number(id)))
          .rows[0] ?? null,
      create: (input, actor) => services.saveNewsFile(actor, null, input),
      update: async (id, input, actor) => {
        await services.saveNewsFile(actor, Number(id), input);
      },
      remove: (id, actor) => services.deleteNewsFile(actor, Number(id)),
    }),
    ...readingRoomItemsAdminResources(services),
  ];
}
