import sharp from 'sharp';
import type { Executor } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AttachedFile } from '../../platform/uploads/attach-files';
import { lockPublicCopy } from '../../platform/uploads/public-copies';
import { faviconName } from './site-picture-copies';

/**
 * A favicon from an uploaded picture: 64 × 64 PNG (cropped to the centre), stored under the public
 * files as `site/favicon-<hash>.png`, a new name for new bytes so browsers and caches fetch it anew.
 * Returns the name under /files/public/.
 */
export async function makeFavicon(tx: Executor, storage: FileStorage, file: AttachedFile): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(file.storageKey) as AsyncIterable<Buffer>) chunks.push(chunk);
  const png = await sharp(Buffer.concat(chunks)).resize(64, 64, { fit: 'cover' }).png().toBuffer();
  const name = faviconName(file.sha256);
  // Taken in turns with the removal of copies no settings row names (decision 0282).
  await lockPublicCopy(tx, name);
  await storage.put(`public/${name}`, png);
  return name;
}
