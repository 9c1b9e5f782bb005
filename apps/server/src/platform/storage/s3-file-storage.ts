import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { PassThrough, Readable } from 'node:stream';
import { assertValidStorageKey, type FileStorage, type StorageInput, type StoredFileInfo } from './file-storage';

export interface S3StorageOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (http://host/bucket/key): what most self-hosted S3-compatible stores need. */
  forcePathStyle: boolean;
  /** Size of each part when a stream is longer than one part (S3's minimum part is 5 MiB). */
  partSize?: number;
}

const defaultPartSize = 8 * 1024 * 1024;

/** FileStorage in a bucket of an S3-compatible store (AWS S3, SeaweedFS, Garage, Ceph RGW …). Why: decision 0110. */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's default
      // trailing CRC checksums (aws-chunked bodies).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.partSize = Math.max(options.partSize ?? defaultPartSize, 5 * 1024 * 1024);
  }

  async put(key: string, data: StorageInput): Promise<StoredFileInfo> {
    assertValidStorageKey(key);
    if (data instanceof Readable) await this.putStream(key, data);
    else await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
    const info = await this.stat(key);
    if (!info) throw new Error(`File vanished after writing: ${key}`);
    return info;
  }

  private async putStream(key: string, stream: Readable): Promise<void> {
    let uploadId: string | undefined;
    const parts: Array<{ ETag: string; PartNumber: number }> = [];
    let chunks: Buffer[] = [];
    let buffered = 0;
    const sendPart = async () => {
      const body = Buffer.concat(chunks, buffered);
      chunks = [];
      buffered = 0;
      if (!uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
        if (!created.UploadId) throw new Error('The S3 store gave no upload id');
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const sent = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ ETag: sent.ETag ?? '', PartNumber });
    };
    try {
      for await (const chunk of stream) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        chunks.push(buffer);
        buffered += buffer.length;
        if (buffered >= this.partSize) await sendPart();
      }
      if (!uploadId) {
        // Shorter than one part: one plain PUT.
        const body = Buffer.concat(chunks, buffered);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body }));
        return;
      }
      if (buffered > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      if (uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    assertValidStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    assertValidStorageKey(key);
    // The interface hands back a stream at once; the object's body is piped in when it arrives.
    const output = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .then((object) => {
        const body = object.Body;
        if (!(body instanceof Readable)) throw new Error('The S3 store sent no stream');
        body.on('error', (error) => output.destroy(error));
        body.pipe(output);
      })
      .catch((error: unknown) => {
        output.destroy(
          isMissing(error) ? Object.assign(new Error(`No such file: ${key}`), { code: 'ENOENT' }) : (error as Error),
        );
      });
    return output;
  }

  async remove(key: string): Promise<void> {
    assertValidStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ...(ContinuationToken ? { ContinuationToken } : {}) }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}
