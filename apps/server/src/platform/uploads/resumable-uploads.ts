import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  errorCodes,
  fileSizeAllowed,
  resumableUploadMessages,
  uploadMessages,
  wrongFileTypeMessage,
} from '@pest/contracts';
import { AppError } from '../http/app-error';
import type { Uploader } from './identify-uploader';
import type { ReceivedUpload } from './receive-uploads';
import { storeParts } from './store-upload-parts';
import { cleanFileName, remainingQuota, sniffContent, tooLarge } from './upload-checks';
import { sniffedTypeAllowed, type UploadPolicy } from './upload-policy';
import type { UploadContext } from './uploads-plugin';

/*
 * Resumable uploads (decision 0395): a file arrives in chunks, each appended at the offset the server holds, and only
 * the whole file enters the one pipeline (storeParts: sniffed, checked, re-encoded, stored under its sha256).
 */

/** A part left this long without a chunk is given up (a case waits as long, expire-receiving-cases.ts). */
export const resumableLifetimeMs = 24 * 60 * 60 * 1000;

export interface ResumableUpload {
  /** The caller's namespace (a case): one caller's id never reaches another's bytes. */
  scope: string;
  /** The browser's random id for the file (a UUID, checked by the caller's contract). */
  id: string;
}

interface Started {
  /** What the caller files it under (a form field: pic1 …), handed back with the stored file. */
  fieldName: string;
  fileName: string;
  size: number;
  /** The caller's answer once the file was stored and used (a lost answer is answered again). */
  done?: unknown;
}

/** Where resumable parts wait: beside the request folders, kept across restarts. */
export const resumableDir = (context: Pick<UploadContext, 'temporaryDir'>) =>
  path.join(context.temporaryDir, '..', 'resumable-uploads');

function pathsOf(context: Pick<UploadContext, 'temporaryDir'>, upload: ResumableUpload) {
  if (!/^[a-z0-9-]{1,80}$/.test(upload.scope) || !/^[0-9a-f-]{36}$/i.test(upload.id)) {
    throw AppError.badRequest(resumableUploadMessages.uploadIdInvalid);
  }
  const base = path.join(resumableDir(context), `${upload.scope}--${upload.id.toLowerCase()}`);
  return { part: `${base}.part`, meta: `${base}.json` };
}

const sizeOf = async (file: string) => (await fs.stat(file).catch(() => null))?.size ?? 0;
const readMeta = async (file: string): Promise<Started | null> =>
  JSON.parse((await fs.readFile(file, 'utf8').catch(() => 'null')) as string) as Started | null;

/** One chunk at a time per upload in this process: two senders (a page and its worker) never interleave. */
const queues = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  queues.set(key, next);
  const forget = () => {
    if (queues.get(key) === next) queues.delete(key);
  };
  next.then(forget, forget);
  return next;
}

/**
 * Starts an upload, or answers where it stopped: the bytes held, and the caller's answer when the file was already
 * finished. Why: decision 0395.
 */
export async function startResumableUpload(
  context: Pick<UploadContext, 'temporaryDir'>,
  upload: ResumableUpload,
  file: { fieldName: string; fileName: string; size: number },
): Promise<{ offset: number; size: number; done: unknown }> {
  const paths = pathsOf(context, upload);
  return serialised(paths.part, async () => {
    const known = await readMeta(paths.meta);
    if (known && known.size === file.size && known.fieldName === file.fieldName) {
      return {
        offset: known.done === undefined ? await sizeOf(paths.part) : known.size,
        size: known.size,
        done: known.done ?? null,
      };
    }
    await fs.mkdir(path.dirname(paths.part), { recursive: true });
    await fs.writeFile(
      paths.meta,
      JSON.stringify({ fieldName: file.fieldName, fileName: cleanFileName(file.fileName), size: file.size }),
    );
    await fs.writeFile(paths.part, '');
    return { offset: 0, size: file.size, done: null };
  });
}

/**
 * Appends one chunk at `offset` (409 when the server holds another count: the sender asks again). Why: decision 0395.
 */
export async function appendResumableChunk<T>(
  context: UploadContext,
  upload: ResumableUpload,
  chunk: { offset: number; body: Buffer; uploader: Uploader; policy: UploadPolicy },
  finish: (file: ReceivedUpload) => Promise<T>,
): Promise<{ offset: number; size: number; done: T | null }> {
  const paths = pathsOf(context, upload);
  return serialised(paths.part, async () => {
    const known = await readMeta(paths.meta);
    if (!known) throw AppError.notFound(resumableUploadMessages.uploadUnknown);
    if (known.done !== undefined) return { offset: known.size, size: known.size, done: known.done as T };
    const held = await sizeOf(paths.part);
    if (chunk.offset !== held) {
      throw new AppError(409, errorCodes.conflict, resumableUploadMessages.offsetMismatch);
    }
    if (held + chunk.body.length > known.size) {
      throw new AppError(413, errorCodes.payloadTooLarge, resumableUploadMessages.chunkTooLarge);
    }
    await fs.appendFile(paths.part, chunk.body);
    const offset = held + chunk.body.length;
    if (offset < known.size) return { offset, size: known.size, done: null };
    const stored = await storeWhole(context, paths.part, known, chunk);
    const done = await finish(stored);
    await fs.writeFile(paths.meta, JSON.stringify({ ...known, done }));
    await fs.rm(paths.part, { force: true });
    return { offset, size: known.size, done };
  });
}

/** The whole file through the pipeline's checks and storing, as a one-file form would be. */
async function storeWhole(
  context: UploadContext,
  file: string,
  known: Started,
  chunk: { uploader: Uploader; policy: UploadPolicy },
): Promise<ReceivedUpload> {
  const { policy } = chunk;
  if (!fileSizeAllowed(known.size, policy.maxFileMb)) throw tooLarge(policy);
  const quota = await remainingQuota(context, chunk.uploader);
  if (known.size > quota.bytes) throw new AppError(429, errorCodes.quotaExceeded, uploadMessages.dailyQuota);
  const sniffed = await sniffContent(file, policy);
  if (!sniffed || !sniffedTypeAllowed(sniffed.ext, policy)) {
    throw new AppError(415, errorCodes.unsupportedMediaType, wrongFileTypeMessage);
  }
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  const [stored] = await storeParts(
    context,
    [
      {
        fieldName: known.fieldName,
        fileName: known.fileName,
        temporaryPath: file,
        sha256: hash.digest('hex'),
        size: known.size,
        sniffed,
        policy,
      },
    ],
    chunk.uploader,
  );
  if (!stored) throw new Error('resumable upload was not stored');
  return stored;
}

/** Parts and answers left longer than their lifetime (a draft given up) are removed hourly. */
export async function removeStaleResumableUploads(
  context: Pick<UploadContext, 'temporaryDir'>,
  now = Date.now(),
): Promise<void> {
  const directory = resumableDir(context);
  for (const entry of await fs.readdir(directory).catch(() => [])) {
    const file = path.join(directory, entry);
    const stats = await fs.stat(file).catch(() => null);
    if (stats && now - stats.mtimeMs > resumableLifetimeMs) await fs.rm(file, { force: true });
  }
}
