import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** What `put` takes: bytes in memory, or a stream read to its end (never held whole in memory). */
export type StorageInput = Buffer | Uint8Array | Readable;

/**
 * Where uploaded and generated files live. Keys are '/'-separated relative paths such as "public/banner-1.jpg".
 * Why: decision 0008.
 */
export interface FileStorage {
  put(key: string, data: StorageInput): Promise<StoredFileInfo>;
  /** Returns null when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Streams the file, or the inclusive byte range [start, end] of it; a missing file is a stream error. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Throws unless a file can be written now (readiness, platform/health). Why: decision 0008. */
  checkWritable?(): Promise<void>;
  /** Every stored key (in no promised order), for the backup command (decision 0321). */
  list(): AsyncIterable<string>;
}

/**
 * Keys under this prefix hold files the app makes again from the database when they are missing (the
 * open-data exports, decision 0422): backups leave them out.
 */
export const regeneratedKeyPrefix = 'generated/';

export class InvalidStorageKeyError extends Error {}

const segmentPattern = /^[^/\\\0]+$/;

/** Rejects keys that could escape the storage root or name something odd. */
export function assertValidStorageKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 && key.length <= 512 && segments.every((s) => segmentPattern.test(s) && s !== '.' && s !== '..');
  if (!valid) throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
}
