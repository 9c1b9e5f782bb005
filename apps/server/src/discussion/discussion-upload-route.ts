import { apiErrorSchema } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import { rateLimitBudgets } from '../platform/http/rate-limit/rate-limit-budgets';
import { receiveUploads } from '../platform/uploads/receive-uploads';
import { requirePoster } from './discussion-actor';
import { discussionPhotoPolicy } from './discussion-limits';
import { requestActor } from './request-actor';
import type { DiscussionServices } from './discussion-services';
import { discussionErrors } from './discussion-errors';
import { discussionPhotoName } from './services/discussion-photo-url';

/**
 * The spec's upload: multipart with `file` and `lineid` (ignored), answering
 * the file name as text. Through the one upload pipeline: type from the content, 10 MB, HEIC
 * kept for the conversion job (JPEG at quality 0.9), other photos re-encoded without EXIF/GPS.
 */
export async function registerDiscussionUpload(app: FastifyInstance, services: DiscussionServices) {
  app.post(
    '/api/discuss/upload',
    {
      config: { rateLimitBudget: rateLimitBudgets.api },
      schema: {
        tags: ['discussion'],
        summary: 'Upload one photo of a question (multipart: file, lineid — ignored); answers the file name as text',
        consumes: ['multipart/form-data'],
        response: {
          200: z.string().describe('The file name to send in pic'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (services.settings.mode === 'off') throw discussionErrors.notConfigured();
      const identity = requirePoster(await requestActor(request, services));
      await services.checkUploadAllowance(identity.id);
      const received = await receiveUploads(request, discussionPhotoPolicy);
      const [file] = received.files;
      if (!file) throw AppError.badRequest('請選擇照片');
      await services.recordUpload(identity.id, file.id);
      reply.type('text/plain; charset=utf-8');
      return discussionPhotoName(file.id);
    },
  );
}
