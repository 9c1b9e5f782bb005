import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { sendUploadedFile } from '../../platform/uploads/send-uploaded-file';
import type { WizardAdminServices } from './wizard-admin-services';
import { wizardPictureFolder } from './wizard-picture';

const pictureFilePattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(_mod|_thumb)?\.jpg$/;

/**
 * The wizard's uploaded pictures: /files/consultation/wizard/<stored file id>[_mod|_thumb].jpg,
 * through the upload pipeline's sendUploadedFile. Only a picture a crop or an option holds is
 * served (an unattached upload is a 404); its bytes never change under its id, so it is cached
 * for good.
 */
export async function wizardPictureRoutes(app: FastifyInstance, services: WizardAdminServices) {
  app.route({
    method: ['GET', 'HEAD'],
    url: `/${wizardPictureFolder}/:file`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const match = pictureFilePattern.exec((request.params as { file: string }).file);
      if (!match) throw AppError.notFound('找不到檔案');
      const file = await services.findPictureFile(match[1] as string);
      if (!file) throw AppError.notFound('找不到檔案');
      const variant = match[2] === '_mod' ? 'mod' : match[2] === '_thumb' ? 'thumb' : 'full';
      return sendUploadedFile(request, reply, file, { variant, public: true });
    },
  });
}
