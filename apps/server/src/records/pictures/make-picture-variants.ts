import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../../platform/http/app-error';

// libvips keeps up to 50 MB of recent operations for reuse; every picture here is new, so the
// cache only holds memory (process-wide setting; decision 0055).
sharp.cache(false);

/** Largest stored size, and the widths of the _mod and _thumb variants. */
export const pictureSizes = { full: { width: 960, height: 720 }, mod: 480, thumb: 160 } as const;

export interface PictureVariants {
  type: 'webp';
  width: number;
  height: number;
  full: Buffer;
  mod: Buffer;
  thumb: Buffer;
}

/**
 * The stored picture and its _mod and _thumb variants, as WebP, made once at upload (or seed)
 * time rather than on every request. The image is decoded once; the variants are resized from
 * the decoded pixels. Any image sharp reads is accepted (JPEG, PNG, WebP, TIFF, SVG …).
 */
export async function makePictureVariants(image: Buffer): Promise<PictureVariants> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(image)
      .rotate()
      .resize({ ...pictureSizes.full, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw AppError.badRequest('無法讀取圖片檔案');
  }
  const { width, height, channels } = decoded.info;
  const encode = (targetWidth: number | null) => {
    let picture = sharp(decoded.data, { raw: { width, height, channels } });
    if (targetWidth !== null && targetWidth < width) picture = picture.resize({ width: targetWidth });
    // Effort 0: a fraction of the encoding time for a few percent more bytes.
    return picture.webp({ quality: 72, effort: 0 }).toBuffer();
  };
  const [full, mod, thumb] = await Promise.all([encode(null), encode(pictureSizes.mod), encode(pictureSizes.thumb)]);
  return { type: 'webp', width, height, full, mod, thumb };
}
