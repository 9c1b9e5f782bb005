import {
  adminOutboxMailDetailResponse,
  adminOutboxMailParams,
  adminOutboxQuery,
  adminOutboxResponse,
  apiErrorSchema,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/authorize';
import { getOutboxMail, listOutbox } from './list-outbox';

/** Admin calls on the mail outbox: every mail, sent or written to a file (the /admin screens use these). */
export async function outboxAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const denied = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  app.get(
    '/api/v1/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mails in the outbox, newest first, 20 a page: recipient, subject, time, state',
        querystring: adminOutboxQuery,
        response: { 200: adminOutboxResponse, ...denied },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      const { items, total, page, pageSize } = await listOutbox(app.db, request.query);
      return { data: items, meta: { total, page, pageSize } };
    },
  );
  app.get(
    '/api/v1/admin/outbox/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One mail with its text and HTML',
        params: adminOutboxMailParams,
        response: { 200: adminOutboxMailDetailResponse, 404: apiErrorSchema, ...denied },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return { data: await getOutboxMail(app.db, request.params.id) };
    },
  );
}
