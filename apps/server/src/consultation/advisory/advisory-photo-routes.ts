import { idSchema } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { sendUploadedFile } from '../../platform/uploads/send-uploaded-file';
import type { AdvisoryServices } from './advisory-services';
import { advisoryPhotoPath } from './advisory-photo-url';

const photoFilePattern = /^([0-9]{1,10})(_mod|_thumb)?\.jpg$/;

/**
 * Photos of published cases: /files/consultation/photos/<photo id>[_mod|_thumb].jpg, through the
 * upload pipeline's sendUploadedFile. A photo of a case that is not public is the same 404 as an
 * unknown one; the staff desk serves the others behind its own check.
 */
export async function advisoryPhotoRoutes(app: FastifyInstance, services: AdvisoryServices) {
  app.route({
    method: ['GET', 'HEAD'],
    url: `/${advisoryPhotoPath}/:file`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const match = photoFilePattern.exec((request.params as { file: string }).file);
      const id = idSchema.safeParse(match?.[1]);
      if (!match || !id.success) throw AppError.notFound('找不到檔案');
      const file = await services.getPublishedPhotoFile(id.data);
      if (!file) throw AppError.notFound('找不到檔案');
      const variant = match[2] === '_mod' ? 'mod' : match[2] === '_thumb' ? 'thumb' : 'full';
      // Not `public`: a case may be unpublished later, so shared caches must not keep its photos for a year.
      return sendUploadedFile(request, reply, file, { variant });
    },
  });
}
