import { apiErrorSchema, deleteAccountRequest, personalDataExportAnswer, personalDataMessages } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth/authorize';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import { sendPersonalDataZip } from '../../platform/personal-data/send-personal-data-zip';
import type { AccountsServices } from '../accounts-services';
import { readCookie, sessionCookieName } from '../session-cookie';
import { downloadLinkPath } from './accounts-privacy-services';

const noStore = 'private, no-store';

/**
 * A member's rights over HTTP (decisions 0308, 0309): ask for the download, fetch it once through
 * the mailed link (signed in as its member), delete the account. The pages of /member use the same
 * services through their actions.
 */
export async function personalDataRoutes(fastify: FastifyInstance, services: AccountsServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { privacy } = services;

  app.post(
    '/api/v1/members/me/personal-data-exports',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['accounts'],
        summary: 'Ask for a ZIP of everything the site holds about me; the link is mailed (one a day)',
        response: { 202: personalDataExportAnswer, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const viewer = await requireViewer(request);
      await privacy.requestExport(viewer.memberId);
      return reply.status(202).send({ data: { state: 'queued' as const, message: personalDataMessages.exportQueued } });
    },
  );

  app.get(
    `${downloadLinkPath}:token`,
    {
      schema: {
        // A page address (the mailed link), not part of the API document.
        hide: true,
        tags: ['accounts'],
        summary: 'The mailed one-time link: the ZIP, for its own member signed in; once, within 7 days',
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      reply.header('Referrer-Policy', 'no-referrer');
      const viewer = await request.getViewer();
      const here = `${downloadLinkPath}${encodeURIComponent(request.params.token)}`;
      if (!viewer) return reply.redirect(`${fastify.prefix}/login?redirect=${encodeURIComponent(here)}`, 303);
      const download = await privacy.claimDownload(viewer.memberId, request.params.token);
      if (!download) return reply.redirect(`${fastify.prefix}/member/personal-data?link=used`, 303);
      return sendPersonalDataZip(request, reply, fastify.storage, download);
    },
  );

  app.delete(
    '/api/v1/members/me',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['accounts'],
        summary: 'Delete my account and personal data (password required; the last admin cannot)',
        body: deleteAccountRequest,
        response: { 200: z.object({ data: z.null() }), 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const viewer = await requireViewer(request);
      await privacy.deleteAccount(viewer.memberId, request.body.password);
      if (readCookie(request.headers.cookie, sessionCookieName))
        reply.header('Set-Cookie', services.clearedSessionCookie());
      return { data: null };
    },
  );
}
