import type { PhotoVariant } from './photo-variants';

/**
 * Content-addressed keys: the sha256 of the bytes received names the stored file, spread over
 * 256 folders by its first two hex digits. Variants add the spec's suffixes before the extension.
 */
export function storedFileKey(sha256: string, variant: PhotoVariant = 'full'): string {
  const suffix = variant === 'full' ? '' : `_${variant}`;
  return `uploads/${sha256.slice(0, 2)}/${sha256}${suffix}.jpg`;
}

/** Where an original waits for its background conversion (HEIC, BMP); removed once converted. */
export function incomingFileKey(sha256: string): string {
  return `uploads/incoming/${sha256}`;
}

/** A document is kept as sent, under the extension its content was checked against. */
export function documentFileKey(sha256: string, extension: string): string {
  return `uploads/${sha256.slice(0, 2)}/${sha256}.${extension}`;
}
