import type { AdminListQuery, contactInboxAdminContract } from '@pest/contracts';
import type { z } from 'zod';
import type { Viewer } from '../platform/auth/viewer';
import type { FeatureContext } from '../platform/feature/feature-manifest';
import { getInboxMessage, listInboxMessages } from './services/list-inbox-messages';
import { countUnhandledMessages } from './services/count-unhandled-messages';
import { markInboxMessageHandled } from './services/mark-inbox-message-handled';
import { replyToInboxMessage } from './services/reply-to-inbox-message';
import { contactMessageExists, submitContactMessage, type NewInboxMessage } from './services/submit-contact-message';

/** The contact feature's services, bound once (`services.contact.*`). */
export function createContactServices({ db, mail }: Pick<FeatureContext, 'db' | 'mail'>) {
  return {
    messageExists: (key: string) => contactMessageExists(db, key),
    submitMessage: (input: NewInboxMessage, sender: { memberId: number | null }) =>
      submitContactMessage({ db, mail }, input, sender),
    listInbox: (query: AdminListQuery<z.output<typeof contactInboxAdminContract.filters>>) =>
      listInboxMessages(db, query),
    countUnhandled: () => countUnhandledMessages(db),
    getInboxMessage: (id: number) => getInboxMessage(db, id),
    replyToMessage: (actor: Viewer, id: number, reply: string) => replyToInboxMessage({ db, mail }, actor, id, reply),
    markHandled: (actor: Viewer, id: number) => markInboxMessageHandled(db, actor, id),
  };
}
export type ContactServices = ReturnType<typeof createContactServices>;
