import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makePictureVariants, type PictureVariants } from '../pictures/make-picture-variants';

// Drawing and encoding some 400 demo pictures takes several seconds, and every fresh data folder
// (each test app, each new install on this machine) seeds them again. The pictures depend only on
// their SVG and the encoder, so they are kept, content-addressed, in the system's temporary folder.
// A missing or damaged entry is simply made again.

/** Bump when makePictureVariants changes its output for the same SVG. */
const encoderVersion = 'webp-q72-e0-960-480-160';
const cacheDir = path.join(os.tmpdir(), 'pest-records-illustrations');

interface Header {
  width: number;
  height: number;
  sizes: [number, number, number];
}

function decode(file: Buffer): PictureVariants | null {
  const headerLength = file.readUInt32BE(0);
  const header = JSON.parse(file.subarray(4, 4 + headerLength).toString('utf8')) as Header;
  const [fullSize, modSize, thumbSize] = header.sizes;
  const start = 4 + headerLength;
  if (file.length !== start + fullSize + modSize + thumbSize) return null;
  return {
    type: 'webp',
    width: header.width,
    height: header.height,
    full: file.subarray(start, start + fullSize),
    mod: file.subarray(start + fullSize, start + fullSize + modSize),
    thumb: file.subarray(start + fullSize + modSize),
  };
}

function encode(variants: PictureVariants): Buffer {
  const header: Header = {
    width: variants.width,
    height: variants.height,
    sizes: [variants.full.length, variants.mod.length, variants.thumb.length],
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  return Buffer.concat([length, headerBytes, variants.full, variants.mod, variants.thumb]);
}

/** The picture variants of an SVG illustration, from the cache when it has them. */
export async function illustrationVariants(svg: string): Promise<PictureVariants> {
  const key = createHash('sha256').update(encoderVersion).update(svg).digest('hex');
  const file = path.join(cacheDir, `${key}.bin`);
  try {
    const cached = decode(await fs.readFile(file));
    if (cached) return cached;
  } catch {
    // Not cached yet (or unreadable): make it below.
  }
  const variants = await makePictureVariants(Buffer.from(svg));
  try {
    await fs.mkdir(cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(temporary, encode(variants));
    await fs.rename(temporary, file);
  } catch {
    // A cache that cannot be written only costs time.
  }
  return variants;
}
