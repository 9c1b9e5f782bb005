import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded and generated files live. Keys are '/'-separated relative paths such as
 * "public/banner-1.jpg". The local implementation keeps them under DATA_DIR/files; an
 * S3-compatible store can implement the same four operations.
 */
export interface FileStorage {
  put(key: string, data: Buffer | Uint8Array): Promise<StoredFileInfo>;
  /** Returns null when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Streams the file, or the inclusive byte range [start, end] of it. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {}

const segmentPattern = /^[^/\\\0]+$/;

/** Rejects keys that could escape the storage root or name something odd. */
export function assertValidStorageKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 && key.length <= 512 && segments.every((s) => segmentPattern.test(s) && s !== '.' && s !== '..');
  if (!valid) throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
}
