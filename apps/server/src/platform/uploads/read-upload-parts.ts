import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCodes, fileSizeAllowed, uploadMessages, wrongFileTypeMessage } from '@pest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { documentExtensionFor, sniffedTypeAllowed, type UploadPolicy } from './upload-policy';
import type { ReceiveUploadsOptions, UploadPolicies } from './receive-uploads';
import { asUploadError, cleanFileName, sniffContent, tooLarge, withField } from './upload-checks';

/* Reading a multipart form's parts (receive-uploads.ts). Why: decision 0114. */

/** A refusal of the fields by `beforeFiles`: answered as it was thrown, never as a refused file. */
class FieldsRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('the form fields were refused');
  }
}

export interface ReceivedPart {
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

export async function readParts(
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
