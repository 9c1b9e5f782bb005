import {
  discussionCommentsAdminContract,
  discussionIdentitiesAdminContract,
  discussionQuestionsAdminContract,
} from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import type { DiscussionServices } from './discussion-services';

/** Moderators: experts answer and tidy the area, editors and admins keep it in order. */
export const moderatorRoles = ['expert', 'editor', 'admin'] as const;

const one = <Row extends { id: number }>(rows: Row[], id: number) => rows.find((row) => row.id === id) ?? null;
const byId = { page: 1, pageSize: 1, sort: { key: 'id', direction: 'desc' as const } };

/** The moderation screens in /admin: generic resources, the services do the work. */
export function discussionAdminResources(services: DiscussionServices) {
  return [
    defineAdminResource({
      contract: discussionQuestionsAdminContract,
      roles: moderatorRoles,
      list: (query) => services.listStaffQuestions(query),
      async get(id) {
        const page = await services.listStaffQuestions({ ...byId, pageSize: 1000, filters: {} });
        return one(page.rows, Number(id));
      },
      actions: {
        hide: (id, actor) => services.setPostHidden(actor, 'question', Number(id), true),
        restore: (id, actor) => services.setPostHidden(actor, 'question', Number(id), false),
      },
    }),
    defineAdminResource({
      contract: discussionCommentsAdminContract,
      roles: moderatorRoles,
      list: (query) => services.listStaffComments(query),
      async get(id) {
        const page = await services.listStaffComments({ ...byId, pageSize: 1000, filters: {} });
        return one(page.rows, Number(id));
      },
      actions: {
        hide: (id, actor) => services.setPostHidden(actor, 'comment', Number(id), true),
        restore: (id, actor) => services.setPostHidden(actor, 'comment', Number(id), false),
      },
    }),
    defineAdminResource({
      contract: discussionIdentitiesAdminContract,
      roles: moderatorRoles,
      // Moderators block by display name; the LINE id and linked member are for admins (decision 0299).
      personalDataRoles: ['admin'],
      writeRoles: ['editor', 'admin'],
      list: (query) => services.listIdentities(query),
      async get(id) {
        const page = await services.listIdentities({ ...byId, pageSize: 1000, filters: {} });
        return one(page.rows, Number(id));
      },
      actions: {
        block: (id, actor) => services.setIdentityBlocked(actor, Number(id), true),
        unblock: (id, actor) => services.setIdentityBlocked(actor, Number(id), false),
      },
    }),
  ];
}
