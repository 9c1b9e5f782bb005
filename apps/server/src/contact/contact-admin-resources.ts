import { contactInboxAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import type { ContactServices } from './contact-services';

/** The inbox: editors and admins read, reply and mark messages handled; admins alone see who wrote (decision 0299). */
export function contactAdminResources(services: ContactServices) {
  return [
    defineAdminResource({
      contract: contactInboxAdminContract,
      roles: ['editor', 'admin'],
      personalDataRoles: ['admin'],
      list: (query) => services.listInbox(query),
      figures: () => services.countUnhandled(),
      get: (id) => services.getInboxMessage(Number(id)),
      update: (id, input, actor) => services.replyToMessage(actor, Number(id), input.reply),
      actions: { 'mark-handled': (id, actor) => services.markHandled(actor, Number(id)) },
    }),
  ];
}
