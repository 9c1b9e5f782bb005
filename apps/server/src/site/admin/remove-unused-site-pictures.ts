import { siteUploadPurposes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/database/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { removeUnnamedPublicCopies, type PublicCopyKind } from '../../platform/uploads/public-copies';
import { carousels, systemSettings } from '../schema';

/** A banner slide's picture under /files/public/: one file per picture, whichever slides show it. */
export function slidePictureName(sha256: string): string {
  return `carousels/${sha256}.jpg`;
}

/** The favicon made from an upload: a new name for new bytes, so browsers and caches fetch it anew. */
export function faviconName(sha256: string): string {
  return `site/favicon-${sha256.slice(0, 16)}.png`;
}

async function slideNames(tx: Executor, name: string): Promise<boolean> {
  const [row] = await tx.select({ id: carousels.id }).from(carousels).where(eq(carousels.pic, name)).limit(1);
  return row !== undefined;
}

async function settingsName(tx: Executor, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: systemSettings.id })
    .from(systemSettings)
    .where(eq(systemSettings.indexFavicon, name))
    .limit(1);
  return row !== undefined;
}

const sitePictures: PublicCopyKind[] = [
  { purpose: siteUploadPurposes.slide, nameOf: slidePictureName, isNamed: slideNames },
  { purpose: siteUploadPurposes.favicon, nameOf: faviconName, isNamed: settingsName },
];

/**
 * Removes the public copies of banner slides and favicons no row names any more (decision 0282):
 * after each write that may let go of one, and hourly.
 */
export function removeUnusedSitePictures(db: Database, storage: FileStorage): Promise<number> {
  return removeUnnamedPublicCopies(db, storage, sitePictures);
}
