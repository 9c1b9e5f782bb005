import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { removeStaleResumableUploads } from './resumable-uploads';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Env } from '../../config/env';
import type { Database } from '../database/database';
import type { BackgroundJobs } from '../jobs/background-jobs';
import { defineJob } from '../jobs/job-queue';
import { VisitorHasher } from '../privacy/visitor-hasher';
import type { FileStorage } from '../storage/file-storage';
import { convertUploadedFile } from './convert-uploaded-file';
import { removeUnnamedPublicCopies, type PublicCopyKind } from './public-copies';
import { removeStaleUploads } from './remove-stale-uploads';
// app.db and app.storage
import type {} from '../database/database-plugin';
import type {} from '../storage/storage-plugin';

/** The background jobs of the upload pipeline. */
export const uploadJobNames = {
  /** Converts one upload's bytes (HEIC, BMP) into the stored JPEG sizes. */
  convert: 'uploads.convert-photo',
  /** Removes public copies no row names, then files never attached within 24 hours; hourly. */
  removeStale: 'uploads.remove-stale',
} as const;

/** What the upload pipeline works with, one per app (`app.uploads`). */
export interface UploadContext {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  hasher: VisitorHasher;
  quota: { memberBytes: number; clientBytes: number; files: number };
  /** Where a request's files wait until the whole request has been read and checked. */
  temporaryDir: string;
  /** Queues the conversion of an upload's bytes (one waiting job per sha256). */
  scheduleConversion(sha256: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadContext;
  }
}

/**
 * The upload pipeline's plugin: @fastify/multipart for every route (nothing is read until a route
 * calls receiveUploads), `app.uploads`, and its two jobs on the job queue (decision 0114).
 */
export const uploadsPlugin = fp(
  async function uploads(
    app: FastifyInstance,
    options: { env: Env; jobs: BackgroundJobs; publicCopies: readonly PublicCopyKind[] },
  ) {
    const { env, jobs, publicCopies } = options;
    const temporaryDir = path.join(env.dataDir, 'tmp', 'uploads');
    await fs.mkdir(temporaryDir, { recursive: true });
    await app.register(fastifyMultipart, {
      // Defaults for a route that reads parts itself; receiveUploads sets each policy's limits.
      limits: { fileSize: 1, files: 0, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });

    jobs.define(
      uploadJobNames.convert,
      defineJob({
        label: '轉換上傳的照片',
        payload: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
        handle: async ({ sha256 }) => {
          await convertUploadedFile(app.db, app.storage, sha256);
        },
        // A 12-megapixel HEIC takes seconds and a few hundred MB: one at a time, retried if storage failed.
        retryLimit: 3,
        timeoutSeconds: 600,
      }),
    );
    jobs.define(
      uploadJobNames.removeStale,
      defineJob({
        label: '清除未使用的上傳檔案',
        payload: z.object({}),
        handle: async () => {
          // First the public copies of uploads given back (decision 0282): they are found by the
          // upload rows this then forgets.
          const copies = await removeUnnamedPublicCopies(app.db, app.storage, publicCopies);
          if (copies > 0) app.log.info({ removed: copies }, 'unnamed public copies removed');
          const removed = await removeStaleUploads(app.db, app.storage);
          if (removed > 0) app.log.info({ removed }, 'unattached uploads removed');
          await removeLeftoverRequestFolders(temporaryDir);
          await removeStaleResumableUploads({ temporaryDir });
        },
        schedule: '23 * * * *',
      }),
    );
    const context: UploadContext = {
      db: app.db,
      storage: app.storage,
      log: app.log,
      hasher: new VisitorHasher(app.db),
      quota: {
        memberBytes: env.UPLOAD_DAILY_MB_PER_MEMBER * 1024 * 1024,
        clientBytes: env.UPLOAD_DAILY_MB_PER_CLIENT * 1024 * 1024,
        files: env.UPLOAD_DAILY_FILES,
      },
      temporaryDir,
      scheduleConversion: (sha256) => jobs.enqueue(uploadJobNames.convert, { sha256 }, { singletonKey: sha256 }),
    };
    app.decorate('uploads', context);
  },
  { name: 'uploads', dependencies: ['storage'] },
);

/** A request's folder is removed when the request ends; a process killed meanwhile leaves it. Why: decision 0114. */
async function removeLeftoverRequestFolders(temporaryDir: string, now = Date.now()): Promise<void> {
  for (const entry of await fs.readdir(temporaryDir).catch(() => [])) {
    const folder = path.join(temporaryDir, entry);
    const stats = await fs.stat(folder).catch(() => null);
    if (stats && now - stats.mtimeMs > 60 * 60 * 1000) await fs.rm(folder, { recursive: true, force: true });
  }
}
