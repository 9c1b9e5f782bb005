import { createReadStream } from 'node:fs';
import { errorCodes, fileTooLargeMessage, uploadMessages } from '@pest/contracts';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../http/app-error';
import { storedFiles } from './stored-files.schema';
import { type Uploader } from './identify-uploader';
import { type UploadPolicy } from './upload-policy';
import type { UploadContext } from './uploads-plugin';

/*
 * The checks a received file meets (read-upload-parts.ts) and the refusals they give, as the one error shape in
 * Chinese. Why: decision 0114.
 */

/** The refusal as a problem of the file field, so a form shows it beside that field. */
export function withField(error: AppError, fieldName: string): AppError {
  return new AppError(error.statusCode, error.code, error.message, [{ path: fieldName, message: error.message }]);
}

/** The content's type: `file-type`'s signature for photos and office files. Why: decision 0114. */
export async function sniffContent(file: string, policy: UploadPolicy): Promise<{ ext: string; mime: string } | null> {
  const sniffed = await fileTypeFromFile(file);
  if (sniffed) return { ext: sniffed.ext, mime: sniffed.mime };
  if (policy.kind !== 'document' || !policy.extensions.includes('csv')) return null;
  return (await isUtf8Text(file)) ? { ext: 'text', mime: 'text/csv' } : null;
}

async function isUtf8Text(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export function tooLarge(policy: UploadPolicy): AppError {
  return new AppError(413, errorCodes.payloadTooLarge, fileTooLargeMessage(policy.maxFileMb));
}

/** The parser's errors as the one error shape, in Chinese. */
export function asUploadError(error: unknown, policy: UploadPolicy, fieldName: string): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fieldName ? withField(tooLarge(policy), fieldName) : tooLarge(policy);
    case 'FST_FILES_LIMIT':
      return new AppError(413, errorCodes.payloadTooLarge, uploadMessages.tooManyFiles(policy.maxFiles));
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, errorCodes.payloadTooLarge, uploadMessages.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, errorCodes.unsupportedMediaType, uploadMessages.notMultipart);
    case 'FST_PROTO_VIOLATION':
      return AppError.badRequest(uploadMessages.incomplete);
    default:
      // Busboy's "Unexpected end of form", a closed connection, a malformed part: the form did not arrive whole.
      if (error instanceof Error && !('statusCode' in error && Number(error.statusCode) >= 500)) {
        return AppError.badRequest(uploadMessages.incomplete);
      }
      return error;
  }
}

/** Names are shown to people, never used as paths: the last segment, no control characters, 120 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(cleaned).slice(-120).join('') || 'file';
}

const dayMs = 24 * 60 * 60 * 1000;

/** What is left of today's quota (UTC day): a member's own, or the client's for a visitor. */
export async function remainingQuota(
  context: UploadContext,
  uploader: Uploader,
): Promise<{ bytes: number; files: number }> {
  const dayStart = new Date(Math.floor(Date.now() / dayMs) * dayMs);
  const who =
    uploader.memberId === null
      ? and(eq(storedFiles.uploaderHash, uploader.hash), isNull(storedFiles.ownerMemberId))
      : eq(storedFiles.ownerMemberId, uploader.memberId);
  const [used] = await context.db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${storedFiles.size}), 0)::bigint` })
    .from(storedFiles)
    .where(and(who, gte(storedFiles.createdAt, dayStart)));
  const limit = uploader.memberId === null ? context.quota.clientBytes : context.quota.memberBytes;
  const bytes = limit - Number(used?.bytes ?? 0);
  const files = context.quota.files - Number(used?.files ?? 0);
  if (bytes <= 0 || files <= 0) throw new AppError(429, errorCodes.quotaExceeded, uploadMessages.dailyQuota);
  return { bytes, files };
}
