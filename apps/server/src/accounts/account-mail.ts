import type { MailOutbox } from '../platform/mail/mail-outbox';

/** The outbox as the accounts feature uses it: compose a Traditional-Chinese mail, queue it in a transaction. */
export type AccountMailQueue = Pick<MailOutbox, 'compose' | 'queue'>;
