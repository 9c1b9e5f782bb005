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
   * Checks the text fields before any file is read (a case and its upload token): run once, when the first file part
   * arrives, or after the whole form when it had no file. Why: decision 0291.
   */
  beforeFiles?: (fields: Readonly<Record<string, string | string[]>>) => Promise<void> | void;
}

/** Reads a multipart form through the one upload pipeline. Why: decision 0114. */
export async function receiveUploads(
  request: FastifyRequest,
  policies: UploadPolicies,
  options: ReceiveUploadsOptions = {},
): Promise<ReceivedForm> {
  const received = await receiveUploadsKeepingFields(request, policies, options);
  // The public forms' calls answer a refused file as they always have: one message, no field (413, 415).
  // Why: decision 0114.
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
