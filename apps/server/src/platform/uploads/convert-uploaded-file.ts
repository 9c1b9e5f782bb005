// heic-convert ships no types; the web app's typecheck reaches this file through the feature registry, so the
// declaration is referenced here rather than left to a tsconfig include.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./heic-convert.d.ts" />
import { buffer } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import decodeBmp from 'decode-bmp';
import type { Executor } from '../database/database';
import type { FileStorage } from '../storage/file-storage';
import { encodePhoto, photoVariants, type EncodedPhoto } from './photo-variants';
import { incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';

/** The spec's HEIC quality. */
export const heicQuality = 0.9;

export type ConversionOutcome = 'converted' | 'already-stored' | 'nothing-to-do' | 'failed';

/**
 * The background conversion of one upload's bytes (HEIC with heic-convert at quality 0.9, BMP with decode-bmp), then
 * the same re-encoding as every photo. Why: decision 0114.
 */
export async function convertUploadedFile(
  db: Executor,
  storage: FileStorage,
  sha256: string,
): Promise<ConversionOutcome> {
  const [row] = await db
    .select({ sourceType: storedFiles.sourceType })
    .from(storedFiles)
    .where(and(eq(storedFiles.sha256, sha256), eq(storedFiles.status, 'processing')))
    .limit(1);
  if (!row) return 'nothing-to-do';

  if ((await storage.stat(storedFileKey(sha256))) !== null) {
    await finish(db, sha256, null);
    await storage.remove(incomingFileKey(sha256));
    return 'already-stored';
  }
  const original = await buffer(storage.read(incomingFileKey(sha256)));
  let photo: EncodedPhoto;
  try {
    photo = await decode(original, row.sourceType);
  } catch {
    await db
      .update(storedFiles)
      .set({ status: 'failed' })
      .where(and(eq(storedFiles.sha256, sha256), eq(storedFiles.status, 'processing')));
    await storage.remove(incomingFileKey(sha256));
    return 'failed';
  }
  // The full size last: its presence is what says "stored".
  for (const variant of [...photoVariants].reverse()) {
    await storage.put(storedFileKey(sha256, variant), photo.variants[variant]);
  }
  await finish(db, sha256, photo);
  await storage.remove(incomingFileKey(sha256));
  return 'converted';
}

async function decode(original: Buffer, sourceType: string): Promise<EncodedPhoto> {
  if (sourceType === 'image/bmp') {
    const image = decodeBmp(original);
    return encodePhoto(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      width: image.width,
      height: image.height,
      channels: 4,
    });
  }
  // Loaded on the first HEIC only: libheif holds about 20 MiB a server that never converts one would
  // keep for nothing (decision 0442).
  const { default: heicConvert } = await import('heic-convert');
  const jpeg = await heicConvert({ buffer: original, format: 'JPEG', quality: heicQuality });
  return encodePhoto(Buffer.from(jpeg));
}

async function finish(db: Executor, sha256: string, photo: EncodedPhoto | null) {
  await db
    .update(storedFiles)
    .set({
      status: sql`CASE WHEN ${storedFiles.attachedAt} IS NULL THEN 'pending' ELSE 'attached' END`,
      ...(photo ? { width: photo.width, height: photo.height } : {}),
    })
    .where(and(eq(storedFiles.sha256, sha256), eq(storedFiles.status, 'processing')));
}
