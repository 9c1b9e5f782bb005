import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime-types';
import parseRange from 'range-parser';
import { AppError } from '../http/app-error';
import { InvalidStorageKeyError, type FileStorage } from './file-storage';

export interface SendFileOptions {
  /** Name the browser should save the file as; defaults to the last segment of the key. */
  fileName?: string;
  /** 'attachment' asks the browser to download; 'inline' lets it display (PDF viewers, images). */
  disposition?: 'inline' | 'attachment';
  /** Cache-Control value; stored files change rarely, and ETag revalidation keeps them fresh. */
  cacheControl?: string;
  /** The type sniffed from the content when it was received (uploads); otherwise the name's extension decides. */
  contentType?: string;
}

/**
 * Whether a browser may show a stored file of this type in place: images, PDF and video, which it renders with its
 * own viewers and which run no script of the site. Why: decision 0064.
 */
export function displaysInline(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'image/svg+xml') return false;
  return type.startsWith('image/') || type.startsWith('video/') || type === 'application/pdf';
}

/** The one way a stored file goes to a client. Why: decision 0110. */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: SendFileOptions = {},
) {
  let info;
  try {
    info = await storage.stat(key);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) throw AppError.notFound('找不到檔案');
    throw error;
  }
  if (!info) throw AppError.notFound('找不到檔案');

  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.modifiedAt.getTime() / 1000).toString(16)}"`;
  const lastModified = new Date(Math.floor(info.modifiedAt.getTime() / 1000) * 1000);
  const fileName = options.fileName ?? key.split('/').pop() ?? 'file';
  const contentType = options.contentType ?? (mime.contentType(fileName) || 'application/octet-stream');
  const inline = displaysInline(contentType);
  if (!inline) reply.header('Content-Security-Policy', 'sandbox');
  reply
    .header('Content-Type', contentType)
    .header(
      'Content-Disposition',
      contentDisposition(fileName, { type: inline ? (options.disposition ?? 'inline') : 'attachment' }),
    )
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified.toUTCString())
    .header('Cache-Control', options.cacheControl ?? 'public, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff');

  if (isNotModified(request, etag, lastModified)) return reply.status(304).send();

  const rangeHeader = request.headers.range;
  if (rangeHeader && rangeStillValid(request, etag, lastModified)) {
    const ranges = parseRange(info.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply.status(416).header('Content-Range', `bytes */${info.size}`).send();
    }
    // Multiple ranges would need multipart/byteranges; serving the whole file is allowed instead.
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
      const [range] = ranges;
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('Content-Length', range.end - range.start + 1);
        if (request.method === 'HEAD') return reply.send();
        return reply.send(storage.read(key, range));
      }
    }
  }
  reply.header('Content-Length', info.size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(storage.read(key));
}

function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag.replace(/^W\//, ''));
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && lastModified.getTime() <= since;
  }
  return false;
}

function rangeStillValid(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.includes('"')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && lastModified.getTime() <= date;
}
