import { z } from 'zod';
import { idSchema } from './envelopes';
import { advPhotoResponse, consultationFormMessages, photoGroupSchema } from './consultation-form';
import { photoLimitMb } from './uploads';

/**
 * The consultation form's resumable photo upload (decision 0395): a photo is sent in chunks, each
 * appended at the offset the server holds, so a lost signal resumes where it stopped. The start
 * call (or a retry of it) answers the offset; the last chunk answers the stored photo.
 */

export const resumableUploadMessages = {
  uploadIdInvalid: '上傳識別碼有誤，請重新選擇照片',
  offsetMismatch: '上傳位置不符，請從伺服器記錄的位置繼續',
  uploadUnknown: '找不到這張照片的上傳，請重新開始',
  chunkTooLarge: '單次上傳的資料過大',
  chunkTypeInvalid: '照片資料的格式有誤',
  sizeInvalid: '照片大小有誤',
} as const;

/** The largest chunk a request may carry; the browser sends smaller ones (256 KB). */
export const resumableChunkMaxBytes = 1024 * 1024;
/** The content type of a chunk (as tus names it). */
export const resumableChunkType = 'application/offset+octet-stream';

export const resumableUploadIdSchema = z.uuid({ error: resumableUploadMessages.uploadIdInvalid });

/** POST /api/v1/consultation/photo-uploads: starts a photo's upload, or asks where it stopped. */
export const startPhotoUploadInput = z.object({
  id: idSchema.describe('The case id /advNew answered'),
  token: z
    .string({ error: consultationFormMessages.tokenInvalid })
    .min(1, { error: consultationFormMessages.tokenInvalid })
    .max(200, { error: consultationFormMessages.tokenInvalid })
    .describe('The upload token /advNew answered'),
  cl: photoGroupSchema.describe('pic1 far, pic2 crop close-up, pic3 pest close-up'),
  upload: resumableUploadIdSchema.describe("The photo's upload id: a random UUID the browser makes once per photo"),
  name: z.string().min(1).max(255).describe("The photo's file name"),
  size: z
    .number({ error: resumableUploadMessages.sizeInvalid })
    .int({ error: resumableUploadMessages.sizeInvalid })
    .min(1, { error: resumableUploadMessages.sizeInvalid })
    .max(photoLimitMb * 1024 * 1024, { error: `照片不可超過 ${photoLimitMb} MB` })
    .describe('The whole photo in bytes'),
});

/** Where a photo's upload stands: the bytes the server holds and, once complete, the stored photo. */
export const photoUploadState = z.object({
  offset: z.number().int().describe('Bytes the server holds: the next chunk starts here'),
  size: z.number().int(),
  photo: advPhotoResponse.shape.d.nullable().describe('The stored photo, once the last chunk arrived'),
});
export type PhotoUploadState = z.infer<typeof photoUploadState>;
