import type { PhotoVariant } from '../../platform/uploads/photo-variants';

/** Folder of the archive's photo route (advisory-photo-routes.ts). */
export const advisoryPhotoPath = 'files/consultation/photos';

/**
 * Address of a photo of a published case, relative to the site's base (pages prefix BASE_URL):
 * files/consultation/photos/<photo id>[_mod|_thumb].jpg. Stored photos never change (content
 * addressed), so the address needs no cache-buster.
 */
export function advisoryPhotoUrl(photoId: number, variant: PhotoVariant = 'full'): string {
  return `${advisoryPhotoPath}/${photoId}${variant === 'full' ? '' : `_${variant}`}.jpg`;
}
