import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../storage/file-storage';
import { sendStoredFile } from '../storage/send-stored-file';

/** Sends a claimed download of someone's personal data. Why: decision 0308. */
export function sendPersonalDataZip(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  download: { storageKey: string; fileName: string },
) {
  reply.header('Referrer-Policy', 'no-referrer');
  return sendStoredFile(request, reply, storage, download.storageKey, {
    fileName: download.fileName,
    disposition: 'attachment',
    contentType: 'application/zip',
    cacheControl: 'private, no-store',
  });
}
