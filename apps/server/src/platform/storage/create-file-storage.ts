import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../../config/env';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

/** The storage the environment asks for: DATA_DIR/files, or the S3 bucket of STORAGE=s3. */
export function createFileStorage(env: Env): FileStorage & { destroy?(): void } {
  if (env.STORAGE === 'local') {
    // Made at start: readiness (platform/health) then reports a folder that disappears later, and
    // never creates one itself.
    const root = path.join(env.dataDir, 'files');
    fs.mkdirSync(root, { recursive: true });
    return new LocalFileStorage(root);
  }
  // loadEnv has already refused STORAGE=s3 without these (storageEnvProblems).
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return new S3FileStorage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
