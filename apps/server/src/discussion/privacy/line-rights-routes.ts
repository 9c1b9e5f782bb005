import {
  apiErrorSchema,
  personalDataExportAnswer,
  personalDataExportStatus,
  personalDataMessages,
  productResponse,
} from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import { sendPersonalDataZip } from '../../platform/personal-data/send-personal-data-zip';
import { clearedDiscussionCookie } from '../discussion-cookie';
import { discussionErrors } from '../discussion-errors';
import type { DiscussionServices } from '../discussion-services';
import { requestActor } from '../request-actor';

const noStore = 'private, no-store';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/**
 * A LINE person's rights over HTTP (decision 0312): ask for the download, see where it stands,
 * fetch it once, erase everything. Who they are comes from the discussion session (or the member's
 * linked identity), never from the body.
 */
export async function lineRightsRoutes(fastify: FastifyInstance, services: DiscussionServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const identityOf = async (request: FastifyRequest) => {
    if (services.settings.mode === 'off') throw discussionErrors.notConfigured();
    const actor = await requestActor(request, services);
    if (!actor.identity) throw discussionErrors.signInNeeded();
    return actor.identity.id;
  };

  app.post(
    '/api/v1/discussion/my-data/export',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['discussion'],
        summary: 'Ask for a ZIP of my LINE identity, questions, comments and photos (one a day); fetched from the page',
        response: { 202: personalDataExportAnswer, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      await services.privacy.requestExport(await identityOf(request));
      const message =
        '已收到您的申請。資料副本製作完成後，可在專家討論區的「我的資料」下載（7 天內有效，只能下載一次）。';
      return reply.status(202).send({ data: { state: 'queued' as const, message } });
    },
  );

  app.get(
    '/api/v1/discussion/my-data/export',
    {
      schema: {
        tags: ['discussion'],
        summary: 'Where my latest download request stands (queued, ready, downloaded, expired) or null',
        response: { 200: productResponse(personalDataExportStatus), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return { data: await services.privacy.exportStatus(await identityOf(request)) };
    },
  );

  app.get(
    '/api/v1/discussion/my-data.zip',
    { schema: { tags: ['discussion'], summary: 'My ready download, once', response: errors } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const download = await services.privacy.claimDownload(await identityOf(request));
      if (!download) throw AppError.notFound(personalDataMessages.linkUsed);
      return sendPersonalDataZip(request, reply, fastify.storage, download);
    },
  );

  app.delete(
    '/api/v1/discussion/my-data',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['discussion'],
        summary:
          'Erase my LINE identity with every question, comment and photo of it (body { confirm: true }); the session ends',
        body: z.object({ confirm: z.boolean().optional() }).optional(),
        response: { 200: z.object({ data: z.null() }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const identityId = await identityOf(request);
      if (request.body?.confirm !== true) throw AppError.badRequest('請確認要刪除您在專家討論區的所有資料');
      await services.privacy.erase(identityId);
      reply.header('Set-Cookie', clearedDiscussionCookie(services.settings));
      return { data: null };
    },
  );
}
