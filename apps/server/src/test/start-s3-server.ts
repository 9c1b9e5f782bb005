import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../platform/storage/s3-file-storage';

export interface TestS3Server {
  /** Options for an S3FileStorage on the server's one bucket. */
  options: S3StorageOptions;
  /** The same as STORAGE=s3 environment variables, for buildTestApp. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in this process on 127.0.0.1 and a free port, with one
 * bucket in a temporary folder: the S3 store is tested against the protocol, not a stub.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const bucket = 'pest-files';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    // s3rver's fixed test credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    options,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: options.endpoint ?? '',
      S3_REGION: options.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
