import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  errorCodes,
  fileSizeAllowed,
  fileTooLargeMessage,
  uploadMessages,
  wrongFileTypeMessage,
  type StoredFileSummary,
} from '@pest/contracts';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../http/app-error';
import { encodePhoto, photoVariants, type EncodedPhoto } from './photo-variants';
import { incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';
import { identifyUploader, type Uploader } from './identify-uploader';
import { needsConversion, sniffedTypeAllowed, type UploadPolicy } from './upload-policy';
import type { UploadContext } from './uploads-plugin';

export interface ReceivedUpload extends StoredFileSummary {
  /** The form field the file came in (pic1, pic2 …). */
  fieldName: string;
}

export interface ReceivedForm {
  /** The form's text fields; a name sent more than once gives a list. */
  fields: Record<string, string | string[]>;
  /** The files, stored and recorded as pending (or processing while they are converted). */
  files: ReceivedUpload[];
}

interface ReceivedPart {
  fieldName: string;
  fileName: string;
  temporaryPath: string;
  sha256: string;
  size: number;
  /** `file-type`'s extension and type of the content. */
  sniffed: { ext: string; mime: string };
}

const fieldSizeLimit = 64 * 1024;

/**
 * Reads a multipart form through the one upload pipeline: every file is streamed to a temporary
 * file (hashed and counted on the way), its type sniffed from the content and checked against
 * the policy, with the spec's size rule; only when the whole request has been read and every
 * file passed are photos re-encoded (orientation applied, metadata removed, `_mod` and `_thumb`
 * made) and stored under their sha256, each recorded as one `stored_files` row. A refused or
 * broken request stores nothing. Errors are AppErrors: 400 (broken form, unreadable image),
 * 413 (too large, too many), 415 (wrong type, not multipart), 429 (daily quota).
 */
export async function receiveUploads(request: FastifyRequest, policy: UploadPolicy): Promise<ReceivedForm> {
  const context = request.server.uploads;
  if (!request.isMultipart()) throw new AppError(415, errorCodes.unsupportedMediaType, uploadMessages.notMultipart);
  const uploader = await identifyUploader(request);
  const quota = await remainingQuota(context, uploader);
  const directory = await fs.mkdtemp(path.join(context.temporaryDir, 'request-'));
  try {
    const { fields, parts } = await readParts(request, policy, directory, quota);
    const files = await storeParts(context, parts, policy, uploader);
    return { fields, files };
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

async function readParts(
  request: FastifyRequest,
  policy: UploadPolicy,
  directory: string,
  quota: { bytes: number; files: number },
): Promise<{ fields: Record<string, string | string[]>; parts: ReceivedPart[] }> {
  const maxFileBytes = policy.maxFileMb * 1024 * 1024;
  const maxFields = policy.maxFields ?? 50;
  const fields: Record<string, string | string[]> = {};
  const parts: ReceivedPart[] = [];
  let receivedBytes = 0;
  try {
    const iterator = request.parts({
      limits: {
        fileSize: maxFileBytes,
        files: policy.maxFiles,
        fields: maxFields,
        fieldSize: fieldSizeLimit,
        parts: policy.maxFiles + maxFields,
        headerPairs: 100,
      },
      throwFileSizeLimit: true,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of iterator) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(413, errorCodes.payloadTooLarge, uploadMessages.tooManyFields);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
        continue;
      }
      const temporaryPath = path.join(directory, String(parts.length));
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          hash.update(chunk);
          if (receivedBytes + size > quota.bytes) {
            callback(new AppError(429, errorCodes.quotaExceeded, uploadMessages.dailyQuota));
            return;
          }
          callback(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(temporaryPath));
      // An over-limit file is cut short by the parser; a short file must never pass as the whole one.
      if (part.file.truncated) throw tooLarge(policy);
      // A file input left empty still sends a part, with no name and no bytes.
      if (size === 0 && part.filename === '') continue;
      receivedBytes += size;
      if (parts.length + 1 > quota.files) throw new AppError(429, errorCodes.quotaExceeded, uploadMessages.dailyQuota);
      if (!fileSizeAllowed(size, policy.maxFileMb)) throw tooLarge(policy);
      const sniffed = await fileTypeFromFile(temporaryPath);
      if (!sniffed || !sniffedTypeAllowed(sniffed.ext, policy)) {
        throw new AppError(415, errorCodes.unsupportedMediaType, wrongFileTypeMessage);
      }
      parts.push({
        fieldName: part.fieldname,
        fileName: cleanFileName(part.filename),
        temporaryPath,
        sha256: hash.digest('hex'),
        size,
        sniffed: { ext: sniffed.ext, mime: sniffed.mime },
      });
    }
  } catch (error) {
    throw asUploadError(error, policy);
  }
  return { fields, parts };
}

function tooLarge(policy: UploadPolicy): AppError {
  return new AppError(413, errorCodes.payloadTooLarge, fileTooLargeMessage(policy.maxFileMb));
}

/** The parser's errors as the one error shape, in Chinese. */
function asUploadError(error: unknown, policy: UploadPolicy): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(policy);
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
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(cleaned).slice(-120).join('') || 'file';
}

const dayMs = 24 * 60 * 60 * 1000;

/** What is left of today's quota (UTC day): a member's own, or the client's for a visitor. */
async function remainingQuota(context: UploadContext, uploader: Uploader): Promise<{ bytes: number; files: number }> {
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

interface PreparedPart {
  part: ReceivedPart;
  /** Re-encoded now (a photo sharp reads whose bytes are not stored yet). */
  encoded: EncodedPhoto | null;
  /** Waits for the background conversion. */
  convert: boolean;
}

async function storeParts(
  context: UploadContext,
  parts: ReceivedPart[],
  policy: UploadPolicy,
  uploader: Uploader,
): Promise<ReceivedUpload[]> {
  const { db, storage } = context;
  // Every photo is decoded before anything is recorded: one unreadable photo refuses the whole form.
  const prepared: PreparedPart[] = [];
  for (const part of parts) {
    const stored = (await storage.stat(storedFileKey(part.sha256))) !== null;
    if (needsConversion(part.sniffed.ext)) {
      prepared.push({ part, encoded: null, convert: !stored });
    } else {
      prepared.push({ part, encoded: stored ? null : await encodeOrRefuse(part.temporaryPath), convert: false });
    }
  }

  const results: ReceivedUpload[] = [];
  const conversions = new Set<string>();
  for (const { part, encoded, convert } of prepared) {
    const row = await db.transaction(async (tx) => {
      // The same lock as the cleanup's: bytes are never removed while a row naming them is being added.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${part.sha256}, 0))`);
      const owner =
        uploader.memberId === null
          ? and(isNull(storedFiles.ownerMemberId), inArray(storedFiles.uploaderHash, uploader.hashes))
          : eq(storedFiles.ownerMemberId, uploader.memberId);
      // A retried or double-clicked upload of the same photo for the same form gives the same row.
      const [again] = await tx
        .select()
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.sha256, part.sha256),
            eq(storedFiles.purpose, policy.purpose),
            owner,
            isNull(storedFiles.attachedAt),
            inArray(storedFiles.status, ['pending', 'processing']),
          ),
        )
        .limit(1);
      if (again) return again;
      const [known] = await tx
        .select({ width: storedFiles.width, height: storedFiles.height })
        .from(storedFiles)
        .where(and(eq(storedFiles.sha256, part.sha256), inArray(storedFiles.status, ['pending', 'attached'])))
        .limit(1);
      const [inserted] = await tx
        .insert(storedFiles)
        .values({
          sha256: part.sha256,
          storageKey: storedFileKey(part.sha256),
          size: part.size,
          sourceType: part.sniffed.mime,
          contentType: 'image/jpeg',
          fileName: part.fileName,
          width: encoded?.width ?? known?.width ?? null,
          height: encoded?.height ?? known?.height ?? null,
          purpose: policy.purpose,
          ownerMemberId: uploader.memberId,
          uploaderHash: uploader.hash,
          status: convert ? 'processing' : 'pending',
        })
        .returning();
      if (!inserted) throw new Error('stored_files row was not written');
      return inserted;
    });
    // Bytes after the row: the cleanup removes bytes only when no row names them (under the lock).
    if (convert || row.status === 'processing') {
      if ((await storage.stat(incomingFileKey(part.sha256))) === null) {
        await storage.put(incomingFileKey(part.sha256), createReadStream(part.temporaryPath));
      }
      conversions.add(part.sha256);
    } else {
      await ensurePhotoStored(context, part, encoded);
    }
    results.push({ ...summarise(row), fieldName: part.fieldName });
  }
  for (const sha256 of conversions) await context.scheduleConversion(sha256);
  return results;
}

async function encodeOrRefuse(input: string | Buffer): Promise<EncodedPhoto> {
  try {
    return await encodePhoto(input);
  } catch {
    throw AppError.badRequest(uploadMessages.unreadableImage);
  }
}

/** Writes the photo's three sizes unless they are there (content-addressed: the same bytes give the same files). */
async function ensurePhotoStored(context: UploadContext, part: ReceivedPart, encoded: EncodedPhoto | null) {
  const photo =
    encoded ??
    ((await context.storage.stat(storedFileKey(part.sha256))) === null
      ? await encodeOrRefuse(part.temporaryPath)
      : null);
  if (!photo) return;
  // The full size last: its presence is what says "stored".
  for (const variant of [...photoVariants].reverse()) {
    await context.storage.put(storedFileKey(part.sha256, variant), photo.variants[variant]);
  }
}

export function summarise(row: typeof storedFiles.$inferSelect): StoredFileSummary {
  return {
    id: row.id,
    status: row.status,
    contentType: row.contentType,
    size: row.size,
    fileName: row.fileName,
    width: row.width,
    height: row.height,
  };
}
