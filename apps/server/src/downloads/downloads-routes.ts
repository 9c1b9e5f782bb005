import {
  apiErrorSchema,
  catalogDetailResponse,
  catalogDetailsResponse,
  catalogDetailWrite,
  catalogIdParams,
  catalogRelationResponse,
  catalogRelationsResponse,
  catalogTypeResponse,
  catalogTypesResponse,
  catalogTypeWrite,
  downloadMessages,
  reorderBody,
} from '@pest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasRole } from '../platform/auth/viewer';
import { requireRole } from '../platform/auth/authorize';
import { AppError } from '../platform/http/app-error';
import { sendStoredFile } from '../platform/storage/send-stored-file';
import type { DownloadsServices } from './downloads-services';

/** Catalogue writes are for editors and admins. */
const writers = ['editor', 'admin'] as const;
const tags = ['downloads'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Staff see every status (to manage them); everyone else only active rows. */
async function visibility(request: FastifyRequest): Promise<{ all: boolean }> {
  return { all: hasRole(await request.getViewer(), ...writers) };
}

function one<T>(rows: T[], message: string): { data: T } {
  const [row] = rows;
  if (!row) throw AppError.notFound(message);
  return { data: row };
}

/** The catalog calls of the product API and the files they name. */
export async function downloadsRoutes(fastify: FastifyInstance, services: DownloadsServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Catalog types
  app.get(
    '/api/v1/catalog-types',
    {
      schema: {
        tags,
        summary: 'Download types: active ones by index_id (staff: all)',
        response: { 200: catalogTypesResponse },
      },
    },
    async (request) => ({ data: await services.listTypes(await visibility(request)) }),
  );
  app.get(
    '/api/v1/catalog-types/:id',
    {
      schema: {
        tags,
        summary: 'One download type',
        params: catalogIdParams,
        response: { 200: catalogTypeResponse, ...errors },
      },
    },
    async (request) =>
      one(
        await services.listTypes({ ...(await visibility(request)), id: request.params.id }),
        downloadMessages.typeUnknown,
      ),
  );
  app.post(
    '/api/v1/catalog-types',
    {
      schema: {
        tags,
        summary: 'Create a download type (editors)',
        body: catalogTypeWrite,
        response: { 201: catalogTypeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await requireRole(request, ...writers);
      const id = await services.saveType(actor, request.body);
      return reply.status(201).send(one(await services.listTypes({ all: true, id }), downloadMessages.typeUnknown));
    },
  );
  app.put(
    '/api/v1/catalog-types/:id',
    {
      schema: {
        tags,
        summary: 'Change a download type (editors)',
        params: catalogIdParams,
        body: catalogTypeWrite,
        response: { 200: catalogTypeResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await requireRole(request, ...writers);
      await services.saveType(actor, request.body, request.params.id);
      return one(await services.listTypes({ all: true, id: request.params.id }), downloadMessages.typeUnknown);
    },
  );
  app.delete(
    '/api/v1/catalog-types/:id',
    {
      schema: {
        tags,
        summary: 'Delete a download type and its relations (editors)',
        params: catalogIdParams,
        response: { 200: z.object({ data: z.null() }), ...errors },
      },
    },
    async (request) => {
      const actor = await requireRole(request, ...writers);
      await services.deleteType(actor, request.params.id);
      return { data: null };
    },
  );
  app.put(
    '/api/v1/catalog-types-by-index-ids',
    {
      schema: {
        tags,
        summary: 'Reorder download types: ids[i] gets index_ids[i] (editors)',
        body: reorderBody,
        response: { 200: catalogTypesResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await requireRole(request, ...writers);
      await services.reorder(actor, 'types', request.body);
      return { data: await services.listTypes({ all: true }) };
    },
  );

  // Catalog details
  app.get(
    '/api/v1/catalog-details',
    {
      schema: {
        tags,
        summary: 'Download files: active ones by sort (staff: all)',
        response: { 200: catalogDetailsResponse },
      },
    },
    async (request) => ({ data: await services.listDetails(await visibility(request)) }),
  );
  app.get(
    '/api/v1/catalog-details/:id',
    {
      schema: {
        tags,
        summary: 'One download file',
        params: catalogIdParams,
        response: { 200: catalogDetailResponse, ...errors },
      },
    },
    async (request) =>
      one(
        await services.listDetails({ ...(await visibility(request)), id: request.params.id }),
        downloadMessages.detailUnknown,
      ),
  );
  app.get(
    '/api/v1/catalog-details-by-type/:id',
    {
      schema: {
        tags,
        summary: "A type's active files by sort",
        params: catalogIdParams,
        response: { 200: catalogDetailsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await services.listDetails({ ...(await visibility(request)), typeId: request.params.id }),
    }),
  );
  app.post(
    '/api/v1/catalog-details',
    {
      schema: {
        tags,
        summary: 'Create a download file entry with its types (editors)',
        body: catalogDetailWrite,
        response: { 201: catalogDetailResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await requireRole(request, ...writers);
      const id = await services.saveDetail(actor, request.body);
      return reply.status(201).send(one(await services.listDetails({ all: true, id }), downloadMessages.detailUnknown));
    },
  );
  app.put(
    '/api/v1/catalog-details/:id',
    {
      schema: {
        tags,
        summary: 'Change a download file entry and its types (editors)',
        params: catalogIdParams,
        body: catalogDetailWrite,
        response: { 200: catalogDetailResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await requireRole(request, ...writers);
      await services.saveDetail(actor, request.body, request.params.id);
      return one(await services.listDetails({ all: true, id: request.params.id }), downloadMessages.detailUnknown);
    },
  );
  app.delete(
    '/api/v1/catalog-details/:id',
    {
      schema: {
        tags,
        summary: 'Delete a download file entry (editors)',
        params: catalogIdParams,
        response: { 200: z.object({ data: z.null() }), ...errors },
      },
    },
    async (request) => {
      const actor = await requireRole(request, ...writers);
      await services.deleteDetail(actor, request.params.id);
      return { data: null };
    },
  );
  app.put(
    '/api/v1/catalog-details-by-index-ids',
    {
      schema: {
        tags,
        summary: 'Reorder download files: ids[i] gets sort index_ids[i] (editors)',
        body: reorderBody,
        response: { 200: catalogDetailsResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await requireRole(request, ...writers);
      await services.reorder(actor, 'details', request.body);
      return { data: await services.listDetails({ all: true }) };
    },
  );

  // Catalog relations
  app.get(
    '/api/v1/catalog-relations',
    {
      schema: {
        tags,
        summary: 'Type–file relations with their file, by id descending',
        response: { 200: catalogRelationsResponse },
      },
    },
    async (request) => ({ data: await services.listRelations(await visibility(request)) }),
  );
  app.get(
    '/api/v1/catalog-relations/:id',
    {
      schema: {
        tags,
        summary: 'One relation with its file',
        params: catalogIdParams,
        response: { 200: catalogRelationResponse, ...errors },
      },
    },
    async (request) =>
      one(
        await services.listRelations({ ...(await visibility(request)), id: request.params.id }),
        downloadMessages.notFound,
      ),
  );
  app.get(
    '/api/v1/catalog-relations-by-catalog-type/:id',
    {
      schema: {
        tags,
        summary: "A type's relations with their files",
        params: catalogIdParams,
        response: { 200: catalogRelationsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await services.listRelations({ ...(await visibility(request)), typeId: request.params.id }),
    }),
  );

  // The file itself: shown in place (PDF, pictures) or, with ?download, saved under its Chinese name.
  app.get('/files/catalog/:id', { schema: { hide: true } }, async (request, reply) => {
    const parsed = z
      .object({ id: z.coerce.number().int().min(1).max(2_147_483_647), download: z.string().optional() })
      .safeParse({ ...(request.params as object), ...(request.query as object) });
    if (!parsed.success) throw AppError.notFound(`${downloadMessages.notFound} ${downloadMessages.notFoundEnglish}`);
    const file = await services.findFile(parsed.data.id);
    if (!file) throw AppError.notFound(`${downloadMessages.notFound} ${downloadMessages.notFoundEnglish}`);
    return sendStoredFile(request, reply, app.storage, file.key, {
      fileName: file.fileName,
      disposition: parsed.data.download === undefined ? 'inline' : 'attachment',
      ...(file.contentType ? { contentType: file.contentType } : {}),
      cacheControl: 'public, max-age=0, must-revalidate',
    });
  });
}
