import { apiErrorSchema, newsDetailResponse, newsListQuery, newsListResponse, newsParams } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadingRoomServices } from './reading-room-services';

/** Product-API reads of the news: GET /api/v1/news and /api/v1/news/{id}. */
export async function newsRoutes(fastify: FastifyInstance, services: ReadingRoomServices) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/news',
    {
      schema: {
        tags: ['news'],
        summary: 'Shown news, newest post_at first, optionally of one class',
        querystring: newsListQuery,
        response: { 200: newsListResponse, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { items, total, page, pageSize } = await services.listNews(request.query);
      return { data: items, meta: { total, page, pageSize } };
    },
  );
  app.get(
    '/api/v1/news/:id',
    {
      schema: {
        tags: ['news'],
        summary: 'One news item with its sanitised content and files',
        params: newsParams,
        response: { 200: newsDetailResponse, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.getNews(request.params.id) }),
  );
}
