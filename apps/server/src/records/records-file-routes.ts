import { recordId } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { hasRole } from '../platform/auth/viewer';
import { AppError } from '../platform/http/app-error';
import { sendStoredFile } from '../platform/storage/send-stored-file';
import { sendUploadedFile } from '../platform/uploads/send-uploaded-file';
import { recordPictureFolder } from './record-pictures-url';
import type { RecordsServices } from './records-services';

const pictureFilePattern = /^([A-Za-z0-9][A-Za-z0-9_-]{0,100}?)(_thumb|_mod)?\.(webp|jpe?g|png|gif)$/;
const variants = { '': 'full', _mod: 'mod', _thumb: 'thumb' } as const;

/**
 * Record pictures: /files/records/<id>/<Name>[_thumb|_mod].<Type>, the seed's from their files
 * under records/<id>/, an editor's upload from the upload pipeline's stored file in the same three
 * sizes. A draft record's or a hidden picture's files are for staff only (decision 0250).
 * Addresses carry the seconds-based cache-buster (?t=), so a public one may be cached for good.
 */
export async function recordsFileRoutes(app: FastifyInstance, services: RecordsServices) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/records/:recordId/:file',
    schema: { hide: true },
    handler: async (request, reply) => {
      const params = request.params as { recordId: string; file: string };
      const id = recordId.safeParse(params.recordId);
      const match = pictureFilePattern.exec(params.file);
      if (!id.success || !match) throw AppError.notFound('找不到檔案');
      const [, name = '', suffix = '', type = ''] = match;
      const picture = await services.findRecordPictureFile(id.data, name, type);
      if (!picture) throw AppError.notFound('找不到檔案');
      if (!picture.public && !hasRole(await request.getViewer(), 'editor', 'admin')) {
        throw AppError.notFound('找不到檔案');
      }
      const busted = typeof (request.query as { t?: unknown }).t === 'string';
      if (picture.storedFile) {
        return sendUploadedFile(request, reply, picture.storedFile, {
          variant: variants[suffix as keyof typeof variants],
          public: picture.public && busted,
        });
      }
      const cacheControl = !picture.public
        ? 'private, no-store'
        : busted
          ? 'public, max-age=31536000, immutable'
          : undefined;
      return sendStoredFile(request, reply, app.storage, `${recordPictureFolder(id.data)}/${params.file}`, {
        ...(cacheControl ? { cacheControl } : {}),
      });
    },
  });
}
