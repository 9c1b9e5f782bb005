import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  documentContentTypes,
  errorCodes,
  fileSizeAllowed,
  isDocumentExtension,
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
import { documentFileKey, incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';
import { identifyUploader, type Uploader } from './identify-uploader';
import { documentExtensionFor, needsConversion, sniffedTypeAllowed, type UploadPolicy } from './upload-policy';
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

/** A form whose file fields each take their own kind of file (a staff form with a PDF and a cover photo). */
export interface FieldUploadPolicies {
  byField: Readonly<Record<string, UploadPolicy>>;
}

export type UploadPolicies = UploadPolicy | FieldUploadPolicies;

export interface ReceiveUploadsOptions {
  /**
   * Checks the text fields before any file is read (a case and its upload token): run once, when
   * the first file part arrives, or after the whole form when it had no file. A refused request
   * stores nothing and decodes nothing. The form must send the fields the check needs before its
   * files; a field sent after them is not there yet, so the check refuses. Throw an AppError to refuse.
   */
  beforeFiles?: (fields: Readonly<Record<string, string | string[]>>) => Promise<void> | void;
}

/** A refusal of the fields by `beforeFiles`: answered as it was thrown, never as a refused file. */
class FieldsRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('the form fields were refused');
  }
}

interface ReceivedPart {
  fieldName: string;
  fileName: string;
  temporaryPath: string;
  sha256: string;
  size: number;
  /** `file-type`'s extension and type of the content (`text` for a CSV). */
  sniffed: { ext: string; mime: string };
  policy: UploadPolicy;
}

function policyFor(policies: UploadPolicies, fieldName: string): UploadPolicy | null {
  if ('byField' in policies) return Object.hasOwn(policies.byField, fieldName) ? policies.byField[fieldName]! : null;
  return policies;
}

function allPolicies(policies: UploadPolicies): UploadPolicy[] {
  return 'byField' in policies ? Object.values(policies.byField) : [policies];
}

const fieldSizeLimit = 64 * 1024;

/**
 * Reads a multipart form through the one upload pipeline: every file is streamed to a temporary
 * file (hashed and counted on the way), its type sniffed from the content and checked against
 * the policy, with the spec's size rule; only when the whole request has been read and every
 * file passed are photos re-encoded (orientation applied, metadata removed, `_mod` and `_thumb`
 * made) and stored under their sha256, each recorded as one `stored_files` row. A refused or
 * broken request stores nothing; `options.beforeFiles` refuses one by its fields before any file is
 * read. Errors are AppErrors: 400 (broken form, empty file, unreadable image),
 * 413 (too large, too many), 415 (wrong type, not multipart), 429 (daily quota).
 */
export async function receiveUploads(
  request: FastifyRequest,
  policies: UploadPolicies,
  options: ReceiveUploadsOptions = {},
): Promise<ReceivedForm> {
  const received = await receiveUploadsKeepingFields(request, policies, options);
  // The public forms' calls answer a refused file as they always have: one message, no field
  // (413, 415). A 400 (an empty file, a file in a field that takes none) names its field, as every 400 does.
  if (received.refusal) {
    const { statusCode, code, message, issues } = received.refusal;
    throw new AppError(statusCode, code, message, statusCode === 400 ? issues : undefined);
  }
  return { fields: received.fields, files: received.files };
}

/**
 * As receiveUploads, but a refused file (wrong type, too large) is handed back with the text
 * fields read until then instead of thrown, so a form can show the message beside the file field
 * and keep what was typed. Nothing is stored when a file is refused.
 */
export async function receiveUploadsKeepingFields(
  request: FastifyRequest,
  policies: UploadPolicies,
  options: ReceiveUploadsOptions = {},
): Promise<ReceivedForm & { refusal: AppError | null }> {
  const context = request.server.uploads;
  if (!request.isMultipart()) throw new AppError(415, errorCodes.unsupportedMediaType, uploadMessages.notMultipart);
  const uploader = await identifyUploader(request);
  const quota = await remainingQuota(context, uploader);
  const directory = await fs.mkdtemp(path.join(context.temporaryDir, 'request-'));
  try {
    const { fields, parts, refusal } = await readParts(request, policies, directory, quota, options);
    if (refusal) return { fields, files: [], refusal };
    const files = await storeParts(context, parts, uploader);
    return { fields, files, refusal: null };
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

async function readParts(
  request: FastifyRequest,
  policies: UploadPolicies,
  directory: string,
  quota: { bytes: number; files: number },
  options: ReceiveUploadsOptions,
): Promise<{ fields: Record<string, string | string[]>; parts: ReceivedPart[]; refusal: AppError | null }> {
  const every = allPolicies(policies);
  const maxFileBytes = Math.max(...every.map((policy) => policy.maxFileMb)) * 1024 * 1024;
  const maxFiles = every.reduce((sum, policy) => sum + policy.maxFiles, 0);
  const maxFields = Math.max(...every.map((policy) => policy.maxFields ?? 50));
  const fields: Record<string, string | string[]> = {};
  const parts: ReceivedPart[] = [];
  let receivedBytes = 0;
  // The policy of the file being read when the parser failed, for its message.
  let current: UploadPolicy = every[0]!;
  let currentField = '';
  let fieldsChecked = false;
  const checkFields = async () => {
    fieldsChecked = true;
    await options.beforeFiles?.(fields);
  };
  try {
    const iterator = request.parts({
      limits: {
        fileSize: maxFileBytes,
        files: maxFiles,
        fields: maxFields,
        fieldSize: fieldSizeLimit,
        parts: maxFiles + maxFields,
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
      if (!fieldsChecked) {
        // Before the first byte of any file is read: a refused form costs no storage and no image work.
        try {
          await checkFields();
        } catch (error) {
          throw new FieldsRefused(error);
        }
      }
      const policy = policyFor(policies, part.fieldname);
      if (!policy) throw withField(AppError.badRequest(uploadMessages.unexpectedFile), part.fieldname);
      current = policy;
      currentField = part.fieldname;
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
      if (part.file.truncated) throw withField(tooLarge(policy), part.fieldname);
      // A file input left empty still sends a part, with no name and no bytes.
      if (size === 0 && part.filename === '') continue;
      // A chosen file of no bytes (an interrupted copy, a placeholder from a cloud folder) is never stored.
      if (size === 0) throw withField(AppError.badRequest(uploadMessages.emptyFile), part.fieldname);
      receivedBytes += size;
      if (parts.length + 1 > quota.files) throw new AppError(429, errorCodes.quotaExceeded, uploadMessages.dailyQuota);
      if (parts.filter((received) => received.fieldName === part.fieldname).length + 1 > policy.maxFiles) {
        throw withField(
          new AppError(413, errorCodes.payloadTooLarge, uploadMessages.tooManyFiles(policy.maxFiles)),
          part.fieldname,
        );
      }
      if (!fileSizeAllowed(size, policy.maxFileMb)) throw withField(tooLarge(policy), part.fieldname);
      const sniffed = await sniffContent(temporaryPath, policy);
      const fileName = cleanFileName(part.filename);
      const matches =
        sniffed !== null &&
        sniffedTypeAllowed(sniffed.ext, policy) &&
        (policy.kind !== 'document' || documentExtensionFor(sniffed.ext, fileName, policy) !== null);
      if (!matches) {
        // A CSV that is text in another encoding (Big5, Excel's default): say how to save it.
        const notUtf8 =
          sniffed === null &&
          policy.kind === 'document' &&
          /\.csv$/i.test(fileName) &&
          policy.extensions.includes('csv');
        const message = notUtf8 ? uploadMessages.csvNotUtf8 : wrongFileTypeMessage;
        throw withField(new AppError(415, errorCodes.unsupportedMediaType, message), part.fieldname);
      }
      parts.push({
        fieldName: part.fieldname,
        fileName,
        temporaryPath,
        sha256: hash.digest('hex'),
        size,
        sniffed,
        policy,
      });
    }
  } catch (error) {
    if (error instanceof FieldsRefused) throw error.refusal;
    const refusal = asUploadError(error, current, currentField);
    // A refusal of one file is the form's to show; anything else (quota, a broken request) is the request's.
    if (refusal instanceof AppError && refusal.issues?.length) return { fields, parts: [], refusal };
    throw refusal;
  }
  if (!fieldsChecked) await checkFields();
  return { fields, parts, refusal: null };
}

/** The refusal as a problem of the file field, so a form shows it beside that field. */
function withField(error: AppError, fieldName: string): AppError {
  return new AppError(error.statusCode, error.code, error.message, [{ path: fieldName, message: error.message }]);
}

/**
 * The content's type: `file-type`'s signature for photos and office files; a CSV, which has no
 * signature, must read as UTF-8 text (a byte-order mark allowed) with no NUL byte.
 */
async function sniffContent(file: string, policy: UploadPolicy): Promise<{ ext: string; mime: string } | null> {
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

function tooLarge(policy: UploadPolicy): AppError {
  return new AppError(413, errorCodes.payloadTooLarge, fileTooLargeMessage(policy.maxFileMb));
}

/** The parser's errors as the one error shape, in Chinese. */
function asUploadError(error: unknown, policy: UploadPolicy, fieldName: string): unknown {
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
  uploader: Uploader,
): Promise<ReceivedUpload[]> {
  const { db, storage } = context;
  // Every photo is decoded before anything is recorded: one unreadable photo refuses the whole form.
  const prepared: PreparedPart[] = [];
  for (const part of parts) {
    if (part.policy.kind === 'document') {
      prepared.push({ part, encoded: null, convert: false });
      continue;
    }
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
    const { policy } = part;
    const named = policy.kind === 'document' ? documentExtensionFor(part.sniffed.ext, part.fileName, policy) : null;
    const document = named && isDocumentExtension(named) ? named : null;
    if (policy.kind === 'document' && !document) {
      throw new AppError(415, errorCodes.unsupportedMediaType, wrongFileTypeMessage);
    }
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
          storageKey: document ? documentFileKey(part.sha256, document) : storedFileKey(part.sha256),
          size: part.size,
          sourceType: part.sniffed.mime,
          contentType: document ? documentContentTypes[document] : 'image/jpeg',
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
    if (document) {
      // A document is kept as sent: the same bytes under the same name are there once.
      if ((await storage.stat(row.storageKey)) === null) {
        await storage.put(row.storageKey, createReadStream(part.temporaryPath));
      }
    } else if (convert || row.status === 'processing') {
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
