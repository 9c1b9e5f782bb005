import type { FileStorage } from '../../platform/storage/file-storage';
import type { AttachedFile } from '../../platform/uploads/attach-files';
import { photoSizes } from '../../platform/uploads/photo-variants';
import { storedFileKey } from '../../platform/uploads/stored-file-keys';

/** The size of the `mod` variant the upload pipeline made (photo-variants.ts: long side at most 1024). */
function modSize(width: number, height: number) {
  const longSide = Math.max(width, height);
  if (longSide <= photoSizes.mod) return { width, height };
  const scale = photoSizes.mod / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * An attached photo as a public picture (decision 0244): its re-encoded 1024-pixel variant (EXIF and
 * GPS already gone) copied to a content-addressed file under /files/public/<folder>/, with its
 * size, so pages load it like the seeded pictures and reserve its room. Null when the photo has no
 * size (it could not be read).
 */
export async function publishPhoto(
  storage: FileStorage,
  file: AttachedFile,
  folder: string,
): Promise<{ file: string; width: number; height: number } | null> {
  if (!file.width || !file.height) return null;
  const name = `${folder}/${file.sha256}.jpg`;
  if ((await storage.stat(`public/${name}`)) === null) {
    await storage.put(`public/${name}`, storage.read(storedFileKey(file.sha256, 'mod')));
  }
  return { file: name, ...modSize(file.width, file.height) };
}
