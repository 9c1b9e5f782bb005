import { siteUploadPurposes } from '@pest/contracts';
import { namedInColumns, type PublicCopyKind } from '../../platform/uploads/public-copies';
import { carousels, systemSettings } from '../schema';

/** A banner slide's picture under /files/public/: one file per picture, whichever slides show it. */
export function slidePictureName(sha256: string): string {
  return `carousels/${sha256}.jpg`;
}

/** The favicon made from an upload: a new name for new bytes, so browsers and caches fetch it anew. */
export function faviconName(sha256: string): string {
  return `site/favicon-${sha256.slice(0, 16)}.png`;
}

/** Banner slides and the favicon (decision 0282). */
export const sitePictureCopies: PublicCopyKind[] = [
  {
    purpose: siteUploadPurposes.slide,
    nameOf: slidePictureName,
    isNamed: namedInColumns([{ table: carousels, column: carousels.pic }]),
  },
  {
    purpose: siteUploadPurposes.favicon,
    nameOf: faviconName,
    isNamed: namedInColumns([{ table: systemSettings, column: systemSettings.indexFavicon }]),
  },
];
