import {
  apiErrorSchema,
  catalogueCollections,
  catalogueIdParams,
  catalogueItemResponse,
  catalogueListResponse,
  catalogueNameParams,
  reorderBody,
  type CatalogueCollectionKey,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../platform/auth/authorize';
import { AppError } from '../platform/http/app-error';
import type { CatalogueServices } from './catalogue-services';

const editors = ['editor', 'admin'] as const;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The catalogue writes of the product API, by collection: which of POST, PUT and DELETE each offers (editors only). */
const writes: Partial<Record<CatalogueCollectionKey, ReadonlyArray<'POST' | 'PUT' | 'DELETE'>>> = {
  productDetails: ['POST', 'PUT', 'DELETE'],
  courses: ['POST', 'PUT', 'DELETE'],
  courseTypes: ['POST', 'PUT', 'DELETE'],
  productBundles: ['POST', 'PUT', 'DELETE'],
  brandIntros: ['POST', 'PUT'],
};

/** The filtered lists of the product API: path → collection and the column that must equal the id. */
const filteredLists = [
  ['products-by-user', 'products', 'created_by', 'Shown products added by a member (created_by)'],
  ['product-types-by-parent', 'productTypes', 'parent_id', 'Shown product types under a parent type'],
  ['product-details-by-type', 'productDetails', 'product_type_id', 'Shown details of a product type, by sort'],
  ['product-relations-by-product-type', 'productRelations', 'product_type_id', 'Relations of a product type, id desc'],
  ['courses-by-parent', 'courses', 'course_type_id', 'Shown courses of a course type'],
  ['course-types-by-parent', 'courseTypes', 'parent_id', 'Shown course types under a parent type'],
] as const satisfies ReadonlyArray<readonly [string, CatalogueCollectionKey, string, string]>;

/**
 * The body as the client wrote it (dates as ISO text): the route's schema documents and checks it,
 * and the service checks it again with the same contract, which reads text, not Date objects.
 */
const asWritten = (body: unknown): unknown => JSON.parse(JSON.stringify(body)) as unknown;

/**
 * The product API's catalogue calls: reads for everyone (the
 * guest path replays them), each list with its visibility rule and sort order; the writes the
 * spec lists, for editors; the staff-only preview of an unpublished product.
 */
export async function catalogueRoutes(fastify: FastifyInstance, services: CatalogueServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keys = Object.keys(catalogueCollections) as CatalogueCollectionKey[];

  for (const key of keys) {
    const { path, label, visibility } = catalogueCollections[key];
    const shown = visibility === 'truthy' ? 'any truthy status' : 'status Active (1) only';
    app.get(
      `/api/v1/${path}`,
      {
        schema: {
          tags: ['catalogue'],
          summary: `${label}: the list (${shown})`,
          response: { 200: catalogueListResponse(key) },
        },
      },
      async () => ({ data: await services.listCollection(key) }),
    );
    app.get(
      `/api/v1/${path}/:id`,
      {
        schema: {
          tags: ['catalogue'],
          summary: `${label}: one shown row`,
          params: catalogueIdParams,
          response: { 200: catalogueItemResponse(key), ...errors },
        },
      },
      async (request) => ({ data: await services.getCollectionItem(key, request.params.id) }),
    );
    const methods = writes[key] ?? [];
    if (methods.includes('POST')) {
      app.post(
        `/api/v1/${path}`,
        {
          schema: {
            tags: ['catalogue'],
            summary: `${label}: add (editors)`,
            body: catalogueCollections[key].input,
            response: { 201: catalogueItemResponse(key), ...errors },
          },
        },
        async (request, reply) => {
          const actor = await requireRole(request, ...editors);
          const id = await services.saveCollectionItem(actor, key, null, asWritten(request.body));
          return reply.status(201).send({ data: await services.getCollectionItem(key, id, { hidden: true }) });
        },
      );
    }
    if (methods.includes('PUT')) {
      app.put(
        `/api/v1/${path}/:id`,
        {
          schema: {
            tags: ['catalogue'],
            summary: `${label}: change (editors)`,
            params: catalogueIdParams,
            body: catalogueCollections[key].input,
            response: { 200: catalogueItemResponse(key), ...errors },
          },
        },
        async (request) => {
          const actor = await requireRole(request, ...editors);
          await services.saveCollectionItem(actor, key, request.params.id, asWritten(request.body));
          return { data: await services.getCollectionItem(key, request.params.id, { hidden: true }) };
        },
      );
    }
    if (methods.includes('DELETE')) {
      app.delete(
        `/api/v1/${path}/:id`,
        {
          schema: {
            tags: ['catalogue'],
            summary: `${label}: remove (editors)`,
            params: catalogueIdParams,
            response: { 200: z.object({ data: z.null() }), ...errors },
          },
        },
        async (request) => {
          const actor = await requireRole(request, ...editors);
          await services.deleteCollectionItem(actor, key, request.params.id);
          return { data: null };
        },
      );
    }
  }

  for (const [path, key, column, summary] of filteredLists) {
    app.get(
      `/api/v1/${path}/:id`,
      {
        schema: {
          tags: ['catalogue'],
          summary,
          params: catalogueIdParams,
          response: { 200: catalogueListResponse(key), 400: apiErrorSchema },
        },
      },
      async (request) => ({ data: await services.listCollection(key, { column, value: request.params.id }) }),
    );
  }

  app.get(
    '/api/v1/products-preview/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Any product, published or not: staff with a bearer token only',
        params: catalogueIdParams,
        response: { 200: catalogueItemResponse('products'), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const viewer = await requireRole(request, ...editors);
      // The spec's client sends this call with an explicit bearer token; a session cookie is not enough.
      if (viewer.via !== 'bearer') throw AppError.forbidden('預覽須以工作人員的權杖呼叫');
      return { data: await services.getCollectionItem('products', request.params.id, { hidden: true }) };
    },
  );

  app.get(
    '/api/v1/product-package-by-name/:name',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The shown package of a short name',
        params: catalogueNameParams,
        response: { 200: catalogueItemResponse('productPackages'), ...errors },
      },
    },
    async (request) => ({ data: await services.findPackageByName(request.params.name) }),
  );

  app.get(
    '/api/v1/product-bundles-in-activity',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Shown bundles whose period includes now',
        response: { 200: catalogueListResponse('productBundles') },
      },
    },
    async () => ({ data: await services.listBundlesInActivity() }),
  );

  app.put(
    '/api/v1/product-details-by-index-ids',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Reorder product details: each id gets the index_id at the same place (editors)',
        body: reorderBody,
        response: { 200: catalogueListResponse('productDetails'), ...errors },
      },
    },
    async (request) => {
      const actor = await requireRole(request, ...editors);
      await services.reorderCollectionItems(actor, 'productDetails', request.body);
      return { data: await services.listCollection('productDetails') };
    },
  );
}
