import {
  apiErrorSchema,
  carouselsQuery,
  carouselsResponse,
  systemSettingsParams,
  systemSettingsResponse,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appManifestRoutes } from './app-manifest/app-manifest-routes';
import type { SiteServices } from './site-services';

/** Product-API reads of the site shell: system settings and carousels. */
export async function siteRoutes(fastify: FastifyInstance, services: SiteServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/system-settings/:id',
    {
      schema: {
        tags: ['site'],
        summary: 'System settings (the site uses id 1)',
        params: systemSettingsParams,
        response: { 200: systemSettingsResponse, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.getSystemSettingsById(request.params.id) }),
  );
  app.get(
    '/api/v1/carousels',
    {
      schema: {
        tags: ['site'],
        summary: "Active banner slides of a section (the home page's by default), by index_id",
        querystring: carouselsQuery,
        response: { 200: carouselsResponse, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.listCarousels(request.query.position) }),
  );
  await appManifestRoutes(fastify, services);
}
