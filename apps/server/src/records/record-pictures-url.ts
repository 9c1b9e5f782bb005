/** Storage folder of a record's pictures (FileStorage key prefix). */
export function recordPictureFolder(recordId: number): string {
  return `records/${recordId}`;
}

export type PictureVariant = '' | '_thumb' | '_mod';

/** Storage key of one variant of a picture: records/<id>/<Name><variant>.<Type>. */
export function recordPictureKey(recordId: number, name: string, type: string, variant: PictureVariant = ''): string {
  return `${recordPictureFolder(recordId)}/${name}${variant}.${type}`;
}

/**
 * Address of a picture variant, relative to the site's base (pages prefix BASE_URL), with the
 * seconds-based cache-buster of the older service's picture addresses: a replaced picture gets a new address.
 */
export function recordPictureUrl(
  picture: { recordId: number; name: string; type: string; updatedAt: Date },
  variant: PictureVariant = '',
): string {
  const seconds = Math.floor(picture.updatedAt.getTime() / 1000);
  const file = encodeURIComponent(`${picture.name}${variant}.${picture.type}`);
  return `files/${recordPictureFolder(picture.recordId)}/${file}?t=${seconds}`;
}
