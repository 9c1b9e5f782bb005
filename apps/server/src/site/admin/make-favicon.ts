import sharp from 'sharp';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AttachedFile } from '../../platform/uploads/attach-files';

/**
 * A favicon from an uploaded picture: 64 × 64 PNG (cropped to the centre), stored under the public
 * files as `site/favicon-<hash>.png`, a new name for new bytes so browsers and caches fetch it anew.
 * Returns the name under /files/public/.
 */
export async function makeFavicon(storage: FileStorage, file: AttachedFile): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(file.storageKey) as AsyncIterable<Buffer>) chunks.push(chunk);
  const png = await sharp(Buffer.concat(chunks)).resize(64, 64, { fit: 'cover' }).png().toBuffer();
  const name = `site/favicon-${file.sha256.slice(0, 16)}.png`;
  await storage.put(`public/${name}`, png);
  return name;
}
