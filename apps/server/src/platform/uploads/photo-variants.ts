import sharp, { type SharpInput } from 'sharp';

/**
 * Sizes of the stored photo and its `_mod` and `_thumb` variants (decision 0113): the spec names the suffixes but not
 * the sizes.
 */
export const photoSizes = { full: 2560, mod: 1024, thumb: 320 } as const;
export const photoQuality = 85;
export type PhotoVariant = keyof typeof photoSizes;
export const photoVariants = Object.keys(photoSizes) as PhotoVariant[];

/** A decompression bomb (a small PNG of 30 000 × 30 000 pixels) is refused before it is decoded. */
const limitInputPixels = 100_000_000;

export interface EncodedPhoto {
  width: number;
  height: number;
  variants: Record<PhotoVariant, Buffer>;
}

/** Re-encodes a photo as JPEG in three sizes. Why: decision 0113. */
export async function encodePhoto(
  input: SharpInput,
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<EncodedPhoto> {
  const decoded = await sharp(input, raw ? { raw, limitInputPixels } : { limitInputPixels })
    .rotate()
    .resize({ width: photoSizes.full, height: photoSizes.full, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const encode = (longSide: number) => {
    let image = sharp(decoded.data, { raw: { width, height, channels } });
    if (Math.max(width, height) > longSide) {
      image = image.resize({ width: longSide, height: longSide, fit: 'inside' });
    }
    return image.jpeg({ quality: photoQuality, mozjpeg: false }).toBuffer();
  };
  const [full, mod, thumb] = await Promise.all([
    encode(photoSizes.full),
    encode(photoSizes.mod),
    encode(photoSizes.thumb),
  ]);
  return { width, height, variants: { full, mod, thumb } };
}
