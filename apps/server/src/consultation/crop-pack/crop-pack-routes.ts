import { apiErrorSchema, cropOfflinePackQuery, cropOfflinePackResponse } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import type { WizardServices } from '../wizard/wizard-services';

/** The same for everyone: a phone, its service worker or a shared cache may keep it and ask again with its ETag. */
const packCacheControl = 'public, max-age=0, must-revalidate';

/**
 * GET /api/v1/crops/offline-pack?crop=檬果 (decision 0390): what 存到手機 saves for a crop, with the
 * download's size; `version` is the ETag, so an update check costs a 304 when nothing changed.
 */
export function cropPackRoutes(fastify: FastifyInstance, services: WizardServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/crops/offline-pack',
    {
      config: { rateLimitBudget: rateLimitBudgets.api },
      schema: {
        tags: ['crops'],
        summary: "A crop's offline pack: the pages and files 存到手機 saves, their size, date and version",
        querystring: cropOfflinePackQuery,
        response: {
          200: cropOfflinePackResponse,
          304: z.null().describe('Not modified (If-None-Match named the current version)'),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const pack = await services.offlinePack(request.query.crop);
      const etag = `"${pack.version}"`;
      reply.header('cache-control', packCacheControl).header('etag', etag);
      const asked = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (asked.includes(etag)) return reply.status(304).send(null);
      return { data: pack };
    },
  );
}
