import {
  apiErrorSchema,
  errorCodes,
  photoGroupSchema,
  photoUploadState,
  productResponse,
  resumableChunkMaxBytes,
  resumableChunkType,
  resumableUploadIdSchema,
  resumableUploadMessages,
  startPhotoUploadInput,
  type PhotoUploadState,
} from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import { identifyUploader } from '../../platform/uploads/identify-uploader';
import {
  appendResumableChunk,
  startResumableUpload,
  type ResumableUpload,
} from '../../platform/uploads/resumable-uploads';
import { consultationPhotoPolicy } from './form-routes';
import type { FormServices } from './form-services';

type StoredPhoto = NonNullable<PhotoUploadState['photo']>;

/** A case's own namespace of uploads: an upload id never reaches another case's bytes. */
const uploadOf = (caseId: number, id: string): ResumableUpload => ({ scope: `consultation-${caseId}`, id });

const chunkHeaders = z.object({
  'upload-offset': z.coerce.number().int().min(0),
  'x-consultation-case': z.coerce.number().int().min(1).max(2_147_483_647),
  'x-upload-token': z.string().min(1).max(200),
});

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw AppError.invalid(
      result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return result.data;
}

/**
 * The consultation form's resumable photo upload (decision 0395): a start call that answers where
 * a photo's upload stopped, and chunks appended at that offset. Every request names the case and
 * carries its token, checked before any byte is read; the whole photo goes through the one
 * upload pipeline and becomes the case's photo as the spec's upload path makes it.
 */
export async function registerPhotoUploadRoutes(app: FastifyInstance, services: FormServices) {
  app.post(
    '/api/v1/consultation/photo-uploads',
    {
      config: { rateLimitBudget: rateLimitBudgets.api },
      schema: {
        tags: ['consultation'],
        summary:
          "Start a consultation photo's resumable upload, or ask where it stopped (id, token, cl, the browser's upload id, name, size): offset is where the next chunk starts",
        body: z
          .record(z.string(), z.unknown())
          .describe(startPhotoUploadInput.description ?? 'id, token, cl, upload, name, size'),
        response: {
          200: productResponse(photoUploadState),
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const input = parsed(startPhotoUploadInput, request.body);
      await services.keepCaseReceiving({ caseId: input.id, token: input.token });
      const started = await startResumableUpload(app.uploads, uploadOf(input.id, input.upload), {
        fieldName: input.cl,
        fileName: input.name,
        size: input.size,
      });
      return {
        data: { offset: started.offset, size: started.size, photo: (started.done as StoredPhoto | null) ?? null },
      };
    },
  );

  await app.register(async (chunks) => {
    // A chunk is at most 1 MB, read whole; only after the case and its token passed (preParsing).
    chunks.addContentTypeParser(
      resumableChunkType,
      { parseAs: 'buffer', bodyLimit: resumableChunkMaxBytes },
      (_request, body, done) => done(null, body),
    );
    chunks.patch(
      '/api/v1/consultation/photo-uploads/:upload',
      {
        config: { rateLimitBudget: rateLimitBudgets.api },
        schema: {
          tags: ['consultation'],
          summary: `Append one chunk (${resumableChunkType}, at most 1 MB) at Upload-Offset, with the case (X-Consultation-Case) and its token (X-Upload-Token): 409 when the server holds another offset; the last chunk answers the stored photo`,
          response: {
            200: productResponse(photoUploadState),
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
          },
        },
        // Before the body is read: a chunk for an unknown case or with a wrong token costs nothing.
        preParsing: async (request) => {
          const headers = parsed(chunkHeaders, request.headers);
          await services.keepCaseReceiving({
            caseId: headers['x-consultation-case'],
            token: headers['x-upload-token'],
          });
          if (request.headers['content-type']?.split(';')[0]?.trim() !== resumableChunkType) {
            throw new AppError(415, errorCodes.unsupportedMediaType, resumableUploadMessages.chunkTypeInvalid);
          }
        },
      },
      async (request) => {
        const { upload } = parsed(z.object({ upload: resumableUploadIdSchema }), request.params);
        const headers = parsed(chunkHeaders, request.headers);
        const caseId = headers['x-consultation-case'];
        const token = headers['x-upload-token'];
        const uploader = await identifyUploader(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await appendResumableChunk(
          app.uploads,
          uploadOf(caseId, upload),
          { offset: headers['upload-offset'], body, uploader, policy: consultationPhotoPolicy },
          async (file): Promise<StoredPhoto> =>
            services.addPhoto({ caseId, group: photoGroupSchema.parse(file.fieldName), token, file, uploader }),
        );
        return { data: { offset: outcome.offset, size: outcome.size, photo: outcome.done } };
      },
    );
  });
}
