import { readingRoomCoverUploadPurpose, readingRoomFilesMessages } from '@pest/contracts';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import type { Viewer } from '../../platform/auth/viewer';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { photoSizes } from '../../platform/uploads/photo-variants';
import { storedFileKey } from '../../platform/uploads/stored-file-keys';

/** What a form sends about a cover: a new picture's upload, or the box that takes the cover away. */
export interface CoverInput {
  cover?: string | undefined;
  remove_cover?: boolean | undefined;
}

/** The cover columns of an IPM sheet, publication or video (schema.ts `cover`). */
export interface CoverColumns {
  coverPic: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  coverFileId: string | null;
}

/** The size of the `mod` variant the upload pipeline made (photo-variants.ts: long side at most 1024). */
function modSize(width: number, height: number) {
  const longSide = Math.max(width, height);
  if (longSide <= photoSizes.mod) return { width, height };
  const scale = photoSizes.mod / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The cover columns a save writes (decision 0244), in the caller's transaction: a new picture is
 * the editor's upload, attached, and its 1024-pixel variant copied to a content-addressed public
 * file (the cards load it from /files/public/ like the seeded covers, with its size to reserve
 * the room); `remove_cover` clears the columns; neither keeps the current cover ({}). A replaced
 * or removed upload goes back to the pipeline's cleanup; a seeded cover's file stays (the seed owns it).
 */
export async function applyCover(
  tx: Executor,
  storage: FileStorage,
  actor: Viewer,
  input: CoverInput,
  current: Pick<CoverColumns, 'coverFileId'> | null,
): Promise<Partial<CoverColumns>> {
  if (input.cover && input.remove_cover) {
    throw AppError.invalid([{ path: 'remove_cover', message: readingRoomFilesMessages.coverConflict }]);
  }
  // The current upload's id sent back (a client echoing the row) changes nothing.
  if (input.cover && input.cover !== current?.coverFileId) {
    const file = await attachStoredFile(tx, input.cover, {
      owner: staffUploader(actor),
      purpose: readingRoomCoverUploadPurpose,
    });
    if (!file.width || !file.height) {
      throw AppError.invalid([{ path: 'cover', message: readingRoomFilesMessages.coverUnreadable }]);
    }
    const name = `reading-room/covers/${file.sha256}.jpg`;
    if ((await storage.stat(`public/${name}`)) === null) {
      await storage.put(`public/${name}`, storage.read(storedFileKey(file.sha256, 'mod')));
    }
    if (current?.coverFileId) await detachFiles(tx, [current.coverFileId]);
    const size = modSize(file.width, file.height);
    return { coverPic: name, coverWidth: size.width, coverHeight: size.height, coverFileId: file.id };
  }
  if (input.remove_cover) {
    if (current?.coverFileId) await detachFiles(tx, [current.coverFileId]);
    return { coverPic: null, coverWidth: null, coverHeight: null, coverFileId: null };
  }
  return {};
}
