import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { sendStoredFile } from '../storage/send-stored-file';
import type { PhotoVariant } from './photo-variants';
import { storedFileKey } from './stored-file-keys';
import type { storedFiles } from './stored-files.schema';
import type {} from './uploads-plugin';

/**
 * Sends an uploaded file (decision 0064): the type recorded when it was received and re-encoded, never one guessed
 * from a name, with `nosniff`.
 */
export async function sendUploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: Pick<typeof storedFiles.$inferSelect, 'sha256' | 'contentType' | 'status' | 'fileName'> & {
    storageKey?: string;
  },
  options: { variant?: PhotoVariant; public?: boolean } = {},
) {
  if (file.status === 'processing') throw AppError.notFound('照片處理中，請稍後再看');
  if (file.status === 'failed') throw AppError.notFound('找不到檔案');
  const cacheControl = options.public ? 'public, max-age=31536000, immutable' : 'private, max-age=86400';
  // A document is sent as it was received, under its own name; photos have sizes.
  if (!file.contentType.startsWith('image/') && file.storageKey) {
    return sendStoredFile(request, reply, request.server.storage, file.storageKey, {
      contentType: file.contentType,
      fileName: file.fileName,
      cacheControl,
    });
  }
  const variant = options.variant ?? 'full';
  const baseName = file.fileName.replace(/\.[^.]*$/, '') || 'photo';
  return sendStoredFile(request, reply, request.server.storage, storedFileKey(file.sha256, variant), {
    contentType: file.contentType,
    fileName: `${baseName}${variant === 'full' ? '' : `_${variant}`}.jpg`,
    cacheControl,
  });
}
