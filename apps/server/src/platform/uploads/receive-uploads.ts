import fs from 'node:fs/promises';
import path from 'node:path';
import { errorCodes, uploadMessages, type StoredFileSummary } from '@pest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { identifyUploader } from './identify-uploader';
import type { UploadPolicy } from './upload-policy';
import { readParts } from './read-upload-parts';
import { storeParts } from './store-upload-parts';
import { remainingQuota } from './upload-checks';

/*
 * The one upload pipeline's entry: read-upload-parts.ts reads and checks the parts (upload-checks.ts
 * holds the checks), store-upload-parts.ts stores them once every part has passed.
 */

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
