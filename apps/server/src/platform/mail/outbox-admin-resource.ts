import { outboxAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../admin/admin-resource';
import type { Database } from '../database/database';
import { AppError } from '../http/app-error';
import { countOutbox } from './count-outbox';
import { getOutboxMail, listOutbox } from './list-outbox';

/** The mail outbox in /admin and the generic admin API. */
export function outboxAdminResource(db: Database) {
  return defineAdminResource({
    contract: outboxAdminContract,
    roles: ['admin'],
    async list(query) {
      const { items, ...page } = await listOutbox(db, { page: query.page });
      return { rows: items, ...page };
    },
    figures: () => countOutbox(db),
    async get(id) {
      try {
        return await getOutboxMail(db, Number(id));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
  });
}
