import {
  discussionPhotoUploadRules,
  documentExtensions,
  photoUploadRules,
  staffPhotoUploadRules,
} from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineFeature } from '../../feature/feature-manifest';
import { AppError } from '../../http/app-error';
import { rateLimitBudgets } from '../../http/rate-limit/rate-limit-budgets';
import { attachFiles } from '../attach-files';
import { identifyUploader } from '../identify-uploader';
import { receiveUploads, receiveUploadsKeepingFields } from '../receive-uploads';
import { sendUploadedFile } from '../send-uploaded-file';
import { storedFiles } from '../stored-files.schema';
import { defineDocumentPolicy, definePhotoPolicy } from '../upload-policy';

export const testPhotoPolicy = definePhotoPolicy('test-photo', photoUploadRules);
export const testDiscussionPolicy = definePhotoPolicy('test-discussion-photo', discussionPhotoUploadRules);
/** A staff-style form: one document (1 MB at most here, so the size rule is cheap to test) and one cover photo. */
export const testDocumentPolicies = {
  byField: {
    sheet: defineDocumentPolicy('test-document', { extensions: documentExtensions, maxFileMb: 1, maxFiles: 1 }),
    cover: definePhotoPolicy('test-cover', staffPhotoUploadRules),
  },
};

/** What the checked form's `beforeFiles` saw, call by call. */
export const checkedFields: Array<Record<string, string | string[]>> = [];

/** A feature that exists only in the upload tests. Why: decision 0114. */
export const uploadTestFeature = defineFeature({
  name: 'upload-test',
  servicesKey: 'uploadTest',
  routes(app) {
    const config = { rateLimitBudget: rateLimitBudgets.form };
    app.post('/api/v1/test-uploads', { config, schema: { hide: true } }, async (request) => ({
      data: await receiveUploads(request, testPhotoPolicy),
    }));
    // A form whose files are taken only when its `allow` field, sent before them, says so.
    app.post('/api/v1/test-uploads/checked', { config, schema: { hide: true } }, async (request) => ({
      data: await receiveUploads(request, testPhotoPolicy, {
        beforeFiles: (fields) => {
          checkedFields.push({ ...fields });
          if (fields.allow !== 'yes') throw AppError.forbidden('不接受這份表單');
        },
      }),
    }));
    app.post('/api/v1/test-uploads/discussion', { config, schema: { hide: true } }, async (request) => ({
      data: await receiveUploads(request, testDiscussionPolicy),
    }));
    app.post('/api/v1/test-uploads/documents', { config, schema: { hide: true } }, async (request, reply) => {
      const { fields, files, refusal } = await receiveUploadsKeepingFields(request, testDocumentPolicies);
      if (refusal)
        return reply
          .status(refusal.statusCode)
          .send({ refusal: { message: refusal.message, issues: refusal.issues }, fields });
      return { data: { fields, files } };
    });
    app.post(
      '/api/v1/test-uploads/attach',
      { config, schema: { hide: true, body: z.object({ ids: z.array(z.string()).max(10) }) } },
      async (request) => {
        const { ids } = request.body as { ids: string[] };
        const owner = await identifyUploader(request);
        const files = await app.db.transaction((tx) =>
          attachFiles(tx, ids, { owner, purpose: testPhotoPolicy.purpose }),
        );
        return { data: files };
      },
    );
    app.get('/files/test-uploads/:id/:variant', { schema: { hide: true } }, async (request, reply) => {
      const { id, variant } = request.params as { id: string; variant: string };
      const parsed = z.object({ id: z.uuid(), variant: z.enum(['full', 'mod', 'thumb']) }).safeParse({ id, variant });
      if (!parsed.success) throw AppError.notFound('找不到檔案');
      const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, parsed.data.id));
      if (!file) throw AppError.notFound('找不到檔案');
      return sendUploadedFile(request, reply, file, { variant: parsed.data.variant });
    });
  },
});
