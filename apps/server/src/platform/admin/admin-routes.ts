import { adminResourceSummarySchema, apiErrorSchema, productResponse } from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { personalCacheControl } from '../http/cache-control';
import { createAdminGateway } from './admin-gateway';
import type { AnyAdminResource } from './admin-resource';

const resourceParams = z.object({ resource: z.string().max(64) });
const itemParams = resourceParams.extend({ id: z.string().max(64) });
const actionParams = itemParams.extend({ action: z.string().max(64) });
const anyBody = z.record(z.string(), z.unknown()).describe("The resource's create or update contract");
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  405: apiErrorSchema,
};
const tags = ['admin'];

/**
 * The generic admin API (issue 14 §1) over every resource the features declare: the list of
 * resources the viewer may use, then list / get / create / update / delete of one, each through
 * the gateway (roles checked with `requireRole`, input validated with the resource's contract).
 */
export async function adminRoutes(app: FastifyInstance, options: { resources: ReadonlyMap<string, AnyAdminResource> }) {
  const gateway = (request: FastifyRequest) => createAdminGateway(options.resources, request);
  // What staff see is theirs alone, whatever carried their credentials.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', personalCacheControl);
    return payload;
  });

  app.get(
    '/api/v1/admin/resources',
    {
      schema: {
        tags,
        summary: 'The admin resources the viewer may use',
        response: { 200: productResponse(z.array(adminResourceSummarySchema)), ...errors },
      },
    },
    async (request) => ({ data: await gateway(request).resources() }),
  );
  app.get(
    '/api/v1/admin/resources/:resource',
    {
      schema: {
        tags,
        summary: "One page of a resource's rows (page, pageSize, sort, direction and its filters in the query)",
        params: resourceParams,
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      },
    },
    async (request) => {
      const { resource } = request.params as z.infer<typeof resourceParams>;
      return { data: await gateway(request).list(resource, request.query as Record<string, string | string[]>) };
    },
  );
  app.post(
    '/api/v1/admin/resources/:resource',
    { schema: { tags, summary: 'Creates a row', params: resourceParams, body: anyBody } },
    async (request, reply) => {
      const { resource } = request.params as z.infer<typeof resourceParams>;
      return reply.status(201).send({ data: await gateway(request).create(resource, request.body) });
    },
  );
  app.get(
    '/api/v1/admin/resources/:resource/:id',
    { schema: { tags, summary: 'One row', params: itemParams } },
    async (request) => {
      const { resource, id } = request.params as z.infer<typeof itemParams>;
      return { data: await gateway(request).get(resource, id) };
    },
  );
  app.patch(
    '/api/v1/admin/resources/:resource/:id',
    { schema: { tags, summary: 'Changes a row', params: itemParams, body: anyBody } },
    async (request) => {
      const { resource, id } = request.params as z.infer<typeof itemParams>;
      await gateway(request).update(resource, id, request.body);
      return { data: { id } };
    },
  );
  app.post(
    '/api/v1/admin/resources/:resource/:id/:action',
    {
      schema: { tags, summary: "Runs one of the resource's row actions (a failed job's retry)", params: actionParams },
    },
    async (request) => {
      const { resource, id, action } = request.params as z.infer<typeof actionParams>;
      await gateway(request).act(resource, id, action);
      return { data: { id, action } };
    },
  );
  app.delete(
    '/api/v1/admin/resources/:resource/:id',
    { schema: { tags, summary: 'Deletes a row', params: itemParams } },
    async (request, reply) => {
      const { resource, id } = request.params as z.infer<typeof itemParams>;
      await gateway(request).remove(resource, id);
      return reply.status(204).send();
    },
  );
}
