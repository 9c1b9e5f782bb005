import { recordId } from '@pest/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasRole } from '../platform/auth/viewer';
import { AppError } from '../platform/http/app-error';
import { sendStoredFile } from '../platform/storage/send-stored-file';
import type { ReadingRoomServices } from './reading-room-services';
import type { StoredFileRef } from './services/find-stored-file';
import { readingRoomEditors } from './reading-room-editors';

type Params = { id?: string; fileId?: string };

function numberParam(value: string | undefined): number {
  const parsed = recordId.safeParse(value);
  // A malformed address names no file: 404, like any other missing file.
  if (!parsed.success) throw AppError.notFound('找不到檔案');
  return parsed.data;
}

/**
 * Downloads of reading-room files (paths built in file-paths.ts). Inline by default so the PDF
 * viewer and the video player can embed them; `?download=1` asks the browser to save the file under its Chinese name.
 */
export async function readingRoomFileRoutes(app: FastifyInstance, services: ReadingRoomServices) {
  const serve = (toRef: (params: Params) => StoredFileRef) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { download, preview } = request.query as { download?: string; preview?: string };
    // A draft's files, for the staff preview of its page only; never kept by a shared cache.
    const drafts = preview === '1' && hasRole(await request.getViewer(), ...readingRoomEditors);
    const file = await services.findStoredFile(toRef(request.params as Params), { drafts });
    return sendStoredFile(request, reply, app.storage, file.key, {
      fileName: file.fileName,
      disposition: download && download !== '0' ? 'attachment' : 'inline',
      ...(drafts ? { cacheControl: 'private, no-store' } : {}),
    });
  };
  const routes: Array<[string, (params: Params) => StoredFileRef]> = [
    ['/files/ipm/:id', (p) => ({ kind: 'ipm-sheet', id: numberParam(p.id) })],
    ['/files/ipm/:id/:fileId', (p) => ({ kind: 'ipm-file', id: numberParam(p.id), fileId: numberParam(p.fileId) })],
    ['/files/publication/:id', (p) => ({ kind: 'publication', id: numberParam(p.id) })],
    ['/files/quick/:id/:fileId', (p) => ({ kind: 'quick-file', id: numberParam(p.id), fileId: numberParam(p.fileId) })],
    ['/files/news/:id/:fileId', (p) => ({ kind: 'news-file', id: numberParam(p.id), fileId: numberParam(p.fileId) })],
    // Video clips: <video> seeks with Range requests, which sendStoredFile answers with 206.
    ['/files/video/:id', (p) => ({ kind: 'video-clip', id: numberParam(p.id) })],
  ];
  for (const [url, toRef] of routes) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: serve(toRef) });
  }
}
