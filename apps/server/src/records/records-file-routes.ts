import { recordId } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/http/app-error';
import { sendStoredFile } from '../platform/storage/send-stored-file';
import { recordPictureFolder } from './record-pictures-url';

const pictureFilePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,100}\.(?:webp|jpe?g|png|gif)$/;

/**
 * Record pictures: /files/records/<id>/<Name>[_thumb|_mod].<Type>. Addresses carry the
 * seconds-based cache-buster (?t=), so a request with it may be cached for good.
 */
export async function recordsFileRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/records/:recordId/:file',
    schema: { hide: true },
    handler: async (request, reply) => {
      const params = request.params as { recordId: string; file: string };
      const id = recordId.safeParse(params.recordId);
      if (!id.success || !pictureFilePattern.test(params.file)) throw AppError.notFound('找不到檔案');
      const busted = typeof (request.query as { t?: unknown }).t === 'string';
      return sendStoredFile(request, reply, app.storage, `${recordPictureFolder(id.data)}/${params.file}`, {
        ...(busted ? { cacheControl: 'public, max-age=31536000, immutable' } : {}),
      });
    },
  });
}
