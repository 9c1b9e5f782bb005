import type { Executor } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AttachedFile } from '../../platform/uploads/attach-files';
import { lockPublicCopy } from '../../platform/uploads/public-copies';
import { photoSizes } from '../../platform/uploads/photo-variants';
import { storedFileKey } from '../../platform/uploads/stored-file-keys';

/** Where publishPhoto puts each kind of picture under /files/public/. */
export const publicPhotoFolders = { cover: 'reading-room/covers', newsPicture: 'reading-room/news' } as const;
type PublicPhotoFolder = (typeof publicPhotoFolders)[keyof typeof publicPhotoFolders];

/** The public copy of an upload: content-addressed, so every row with the same picture names one file. */
export function publicPhotoName(folder: PublicPhotoFolder, sha256: string): string {
  return `${folder}/${sha256}.jpg`;
}

/** The size of the `mod` variant the upload pipeline made (photo-variants.ts: long side at most 1024). */
function modSize(width: number, height: number) {
  const longSide = Math.max(width, height);
  if (longSide <= photoSizes.mod) return { width, height };
  const scale = photoSizes.mod / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * An attached photo as a public picture (decision 0244), in the save's transaction: its re-encoded
 * 1024-pixel variant (EXIF and GPS already gone) copied to a content-addressed file under
 * /files/public/<folder>/, with its size, so pages load it like the seeded pictures and reserve its
 * room. Null when the photo has no size (it could not be read).
 */
export async function publishPhoto(
  tx: Executor,
  storage: FileStorage,
  file: AttachedFile,
  folder: PublicPhotoFolder,
): Promise<{ file: string; width: number; height: number } | null> {
  if (!file.width || !file.height) return null;
  const name = publicPhotoName(folder, file.sha256);
  // Taken in turns with the removal of copies no row names (decision 0282).
  await lockPublicCopy(tx, name);
  if ((await storage.stat(`public/${name}`)) === null) {
    await storage.put(`public/${name}`, storage.read(storedFileKey(file.sha256, 'mod')));
  }
  return { file: name, ...modSize(file.width, file.height) };
}
