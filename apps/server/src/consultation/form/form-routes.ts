import {
  advPhotoFields,
  advPhotoResponse,
  apiErrorSchema,
  consultationFormMessages,
  photoUploadRules,
  productResponse,
  withdrawCaseInput,
  withdrawCaseResult,
} from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { rateLimitBudgets } from '../../platform/http/rate-limit/rate-limit-budgets';
import { identifyUploader } from '../../platform/uploads/identify-uploader';
import { receiveUploads } from '../../platform/uploads/receive-uploads';
import { sendUploadedFile } from '../../platform/uploads/send-uploaded-file';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { definePhotoPolicy } from '../../platform/uploads/upload-policy';
import { consultationPhotoPurpose } from './add-case-photo';
import type { FormServices } from './form-services';

/** One photo per request (the spec's flow): a slow line sends one photo at a time, each retried alone. */
export const consultationPhotoPolicy = definePhotoPolicy(
  consultationPhotoPurpose,
  { ...photoUploadRules, maxFiles: 1 },
  5,
);

const photoNeeded = '請選擇照片';

/** The upload's text fields (id, cl, token), each problem beside its field. */
function photoFields(sent: Readonly<Record<string, string | string[]>>) {
  const fields = advPhotoFields.safeParse(sent);
  if (!fields.success) {
    throw AppError.invalid(
      fields.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return fields.data;
}

/** The photo upload of the spec and the asker's view of their photos. */
export function registerFormRoutes(app: FastifyInstance, services: FormServices) {
  app.post(
    '/assets/Huploadify/uploadadvnew.ashx',
    {
      // Each photo is a request: bounded by the daily upload quota (decision 0112), not the form budget.
      config: { rateLimitBudget: rateLimitBudgets.api },
      schema: {
        // The spec's path is outside /api, where the OpenAPI document ends (api-routing.test.ts):
        // docs/api.md describes it.
        hide: true,
        tags: ['info'],
        summary:
          "Upload one photo of a consultation (multipart: id, cl = pic1 | pic2 | pic3, token — this site's addition — and file)",
        consumes: ['multipart/form-data'],
        response: { 200: advPhotoResponse, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const received = await receiveUploads(request, consultationPhotoPolicy, {
        // The case and its token come before the file (the browser sends them first): a refused
        // upload is answered before the photo is read, stored or decoded.
        beforeFiles: async (sent) => {
          const fields = photoFields(sent);
          await services.checkPhotoUpload({ caseId: fields.id, token: fields.token });
        },
      });
      const fields = photoFields(received.fields);
      const [file] = received.files;
      if (!file) throw AppError.badRequest(photoNeeded);
      const photo = await services.addPhoto({
        caseId: fields.id,
        group: fields.cl,
        token: fields.token,
        file,
        uploader: await identifyUploader(request),
      });
      return { d: photo };
    },
  );

  app.post(
    '/api/v1/consultation/case/withdraw',
    {
      config: { rateLimitBudget: rateLimitBudgets.form },
      schema: {
        tags: ['consultation'],
        summary:
          "The asker withdraws their case with the private follow link's token (no login): photos and personal data erased; a published answer stays anonymised only if they agreed to publication",
        // The service validates with the same contract and answers in Chinese.
        body: z.record(z.string(), z.unknown()).describe(withdrawCaseInput.description ?? 'token and confirm: true'),
        response: { 200: productResponse(withdrawCaseResult), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await services.withdrawCase(request.body) }),
  );

  app.get('/files/consultation/followed/:photoId/:variant', { schema: { hide: true } }, async (request, reply) => {
    const parsed = z
      .object({
        photoId: z.coerce.number().int().min(1).max(2_147_483_647),
        variant: z.enum(['full', 'mod', 'thumb']),
        token: z.string().min(20).max(100),
      })
      .safeParse({ ...(request.params as object), ...(request.query as object) });
    if (!parsed.success) throw AppError.notFound(consultationFormMessages.followNotFound);
    const photo = await services.findFollowedPhoto(parsed.data.token, parsed.data.photoId);
    if (!photo) throw AppError.notFound(consultationFormMessages.followNotFound);
    const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, photo.storedFileId));
    if (!file) throw AppError.notFound(consultationFormMessages.followNotFound);
    reply.header('Referrer-Policy', 'no-referrer');
    return sendUploadedFile(request, reply, file, { variant: parsed.data.variant });
  });
}
