import { createReadStream } from 'node:fs';
import {
  documentContentTypes,
  errorCodes,
  isDocumentExtension,
  uploadMessages,
  wrongFileTypeMessage,
  type StoredFileSummary,
} from '@pest/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '../http/app-error';
import { encodePhoto, photoVariants, type EncodedPhoto } from './photo-variants';
import { documentFileKey, incomingFileKey, storedFileKey } from './stored-file-keys';
import { storedFiles } from './stored-files.schema';
import { type Uploader } from './identify-uploader';
import { documentExtensionFor, needsConversion } from './upload-policy';
import type { UploadContext } from './uploads-plugin';
import type { ReceivedPart } from './read-upload-parts';
import type { ReceivedUpload } from './receive-uploads';

/* Storing a form's checked files (receive-uploads.ts). Why: decision 0114. */

interface PreparedPart {
  part: ReceivedPart;
  /** Re-encoded now (a photo sharp reads whose bytes are not stored yet). */
  encoded: EncodedPhoto | null;
  /** Waits for the background conversion. */
  convert: boolean;
}

export async function storeParts(
  context: UploadContext,
  parts: ReceivedPart[],
  uploader: Uploader,
): Promise<ReceivedUpload[]> {
  const { db, storage } = context;
  // Every photo is decoded before anything is recorded: one unreadable photo refuses the whole form.
  const prepared: PreparedPart[] = [];
  for (const part of parts) {
    if (part.policy.kind === 'document') {
      prepared.push({ part, encoded: null, convert: false });
      continue;
    }
    const stored = (await storage.stat(storedFileKey(part.sha256))) !== null;
    if (needsConversion(part.sniffed.ext)) {
      prepared.push({ part, encoded: null, convert: !stored });
    } else {
      prepared.push({ part, encoded: stored ? null : await encodeOrRefuse(part.temporaryPath), convert: false });
    }
  }

  const results: ReceivedUpload[] = [];
  const conversions = new Set<string>();
  for (const { part, encoded, convert } of prepared) {
    const { policy } = part;
    const named = policy.kind === 'document' ? documentExtensionFor(part.sniffed.ext, part.fileName, policy) : null;
    const document = named && isDocumentExtension(named) ? named : null;
    if (policy.kind === 'document' && !document) {
      throw new AppError(415, errorCodes.unsupportedMediaType, wrongFileTypeMessage);
    }
    const row = await db.transaction(async (tx) => {
      // The same lock as the cleanup's: bytes are never removed while a row naming them is being added.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${part.sha256}, 0))`);
      const owner =
        uploader.memberId === null
          ? and(isNull(storedFiles.ownerMemberId), inArray(storedFiles.uploaderHash, uploader.hashes))
          : eq(storedFiles.ownerMemberId, uploader.memberId);
      // A retried or double-clicked upload of the same file for the same form gives the same row. The
      // name is part of it: the same bytes under another name are another form's (an editor adding one
      // PDF to two sheets at once), and two forms must never hold one row only one of them can attach.
      const [again] = await tx
        .select()
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.sha256, part.sha256),
            eq(storedFiles.fileName, part.fileName),
            eq(storedFiles.purpose, policy.purpose),
            owner,
            isNull(storedFiles.attachedAt),
            inArray(storedFiles.status, ['pending', 'processing']),
          ),
        )
        .limit(1);
      if (again) return again;
      const [known] = await tx
        .select({ width: storedFiles.width, height: storedFiles.height })
        .from(storedFiles)
        .where(and(eq(storedFiles.sha256, part.sha256), inArray(storedFiles.status, ['pending', 'attached'])))
        .limit(1);
      const [inserted] = await tx
        .insert(storedFiles)
        .values({
          sha256: part.sha256,
          storageKey: document ? documentFileKey(part.sha256, document) : storedFileKey(part.sha256),
          size: part.size,
          sourceType: part.sniffed.mime,
          contentType: document ? documentContentTypes[document] : 'image/jpeg',
          fileName: part.fileName,
          width: encoded?.width ?? known?.width ?? null,
          height: encoded?.height ?? known?.height ?? null,
          purpose: policy.purpose,
          ownerMemberId: uploader.memberId,
          uploaderHash: uploader.hash,
          status: convert ? 'processing' : 'pending',
        })
        .returning();
      if (!inserted) throw new Error('stored_files row was not written');
      return inserted;
    });
    // Bytes after the row: the cleanup removes bytes only when no row names them (under the lock).
    if (document) {
      // A document is kept as sent: the same bytes under the same name are there once.
      if ((await storage.stat(row.storageKey)) === null) {
        await storage.put(row.storageKey, createReadStream(part.temporaryPath));
      }
    } else if (convert || row.status === 'processing') {
      if ((await storage.stat(incomingFileKey(part.sha256))) === null) {
        await storage.put(incomingFileKey(part.sha256), createReadStream(part.temporaryPath));
      }
      conversions.add(part.sha256);
    } else {
      await ensurePhotoStored(context, part, encoded);
    }
    results.push({ ...summarise(row), fieldName: part.fieldName });
  }
  for (const sha256 of conversions) await context.scheduleConversion(sha256);
  return results;
}

async function encodeOrRefuse(input: string | Buffer): Promise<EncodedPhoto> {
  try {
    return await encodePhoto(input);
  } catch {
    throw AppError.badRequest(uploadMessages.unreadableImage);
  }
}

/** Writes the photo's three sizes unless they are there (content-addressed: the same bytes give the same files). */
async function ensurePhotoStored(context: UploadContext, part: ReceivedPart, encoded: EncodedPhoto | null) {
  const photo =
    encoded ??
    ((await context.storage.stat(storedFileKey(part.sha256))) === null
      ? await encodeOrRefuse(part.temporaryPath)
      : null);
  if (!photo) return;
  // The full size last: its presence is what says "stored".
  for (const variant of [...photoVariants].reverse()) {
    await context.storage.put(storedFileKey(part.sha256, variant), photo.variants[variant]);
  }
}

export function summarise(row: typeof storedFiles.$inferSelect): StoredFileSummary {
  return {
    id: row.id,
    status: row.status,
    contentType: row.contentType,
    size: row.size,
    fileName: row.fileName,
    width: row.width,
    height: row.height,
  };
}
