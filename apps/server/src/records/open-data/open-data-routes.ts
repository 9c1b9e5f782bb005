import {
  apiErrorSchema,
  openDataDatasets,
  openDataDescriptions,
  openDataFormats,
  openDataPath,
  openDataPesticideUsesResponse,
  openDataRecordsResponse,
} from '@pest/contracts';
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import type { RecordsServices } from '../records-services';

/** Clients and shared caches may reuse an export for five minutes, then ask again with its ETag. */
export const openDataCacheControl = 'public, max-age=300';

const csvDescription =
  'CSV, UTF-8 with a byte-order mark (Excel reads the Chinese), CRLF line ends, a header row of Chinese column names.';

/** Whether an If-None-Match header names this ETag (a list, weak forms, or *). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Open data (decision 0236): GET /api/v1/open-data/{records,pesticide-uses}.{json,csv},
 * public and read-only, in the API's rate-limit budget, with ETag, Last-Modified and a
 * Cache-Control of their own. The CSVs are downloads; the JSON has the product API's `{ data }`.
 */
export function openDataRoutes(fastify: FastifyInstance, services: RecordsServices) {
  // Untyped: the handler sends the stored file's stream (skipping the serialiser), not the schema's object.
  const app = fastify;
  for (const dataset of openDataDatasets) {
    for (const format of openDataFormats) {
      const { title, description } = openDataDescriptions[dataset];
      const json = dataset === 'records' ? openDataRecordsResponse : openDataPesticideUsesResponse;
      app.get(
        openDataPath(dataset, format),
        {
          config: { rateLimitBudget: rateLimitBudgets.api },
          schema: {
            tags: ['open-data'],
            summary: `Open data: ${title} (${format.toUpperCase()})`,
            description:
              format === 'json'
                ? `${description} Cached for five minutes; ask again with If-None-Match.`
                : `${description} ${csvDescription}${dataset === 'pesticide-uses' ? ' Every row ends with 資料來源 and 資料日期.' : ''}`,
            ...(format === 'csv' ? { produces: ['text/csv'] } : {}),
            response: {
              200: format === 'json' ? json : z.string().describe(csvDescription),
              304: z.null().describe('Not modified (If-None-Match named the current ETag)'),
              429: apiErrorSchema,
            },
          },
        },
        async (request, reply) => {
          const head = await services.openDataHead(dataset, format);
          const answer = (file: typeof head) => {
            reply
              .header('cache-control', openDataCacheControl)
              .header('etag', file.etag)
              .header(
                'content-disposition',
                contentDisposition(file.fileName, { type: format === 'csv' ? 'attachment' : 'inline' }),
              );
            if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
          };
          if (matches(request.headers['if-none-match'], head.etag)) {
            answer(head);
            return reply.status(304).send();
          }
          // Streamed from storage, where it was written once (decision 0422): never whole in memory.
          const file = await services.openDataFile(dataset, format);
          answer(file);
          reply.type(file.contentType).header('content-length', file.size);
          // An empty stream: fastify's HEAD route keeps the length set above (it reads a stream to its end).
          if (request.method === 'HEAD') return reply.send(Readable.from([]));
          return reply.send(file.read());
        },
      );
    }
  }
}
