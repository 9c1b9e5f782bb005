import { readingRoomCoverUploadPurpose, readingRoomFilesMessages } from '@pest/contracts';
import { staffUploader } from '../../platform/admin/admin-form-uploads';
import type { Viewer } from '../../platform/auth/viewer';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import { attachStoredFile } from '../../platform/uploads/attach-files';
import { detachFiles } from '../../platform/uploads/detach-files';
import { publicPhotoFolders, publishPhoto } from './publish-photo';

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

/**
 * The cover columns a save writes (decision 0244), in the caller's transaction: a new picture is
 * the editor's upload, attached and published (publishPhoto: the cards load it from /files/public/
 * like the seeded covers, with its size to reserve the room); `remove_cover` clears the columns; neither keeps the current cover ({}). A replaced
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
    const picture = await publishPhoto(tx, storage, file, publicPhotoFolders.cover);
    if (!picture) throw AppError.invalid([{ path: 'cover', message: readingRoomFilesMessages.coverUnreadable }]);
    if (current?.coverFileId) await detachFiles(tx, [current.coverFileId]);
    return { coverPic: picture.file, coverWidth: picture.width, coverHeight: picture.height, coverFileId: file.id };
  }
  if (input.remove_cover) {
    if (current?.coverFileId) await detachFiles(tx, [current.coverFileId]);
    return { coverPic: null, coverWidth: null, coverHeight: null, coverFileId: null };
  }
  return {};
}
