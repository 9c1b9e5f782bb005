import sharp from 'sharp';
import { measureText, textOutline } from '../../platform/demo-art/glyph-outlines';

// Demo video clips made at seed time, with nothing downloaded and no video encoder: each slide is
// an SVG (text as glyph outlines of the bundled Noto Sans TC, as in the record illustrations),
// rasterised once by sharp; each frame adds the progress bar to the slide's pixels, sharp encodes
// it as a lossy WebP, whose 'VP8 ' chunk is a VP8 key frame as it stands, and mediabunny muxes
// the key frames into a WebM file (decision 0041).

export const demoClipFormat = {
  width: 640,
  height: 360,
  frameRate: 2,
  secondsPerSlide: 3,
  extension: 'webm',
} as const;

export interface DemoClipContent {
  title: string;
  /** One slide each, after the title slide: short sentences in Traditional Chinese. */
  points: string[];
  /** Background and accent colours (the video's cover theme). */
  from: string;
  to: string;
}

/** Seconds of a clip with `points` slides after the title slide. */
export function demoClipDuration(points: number): number {
  return (points + 1) * demoClipFormat.secondsPerSlide;
}

// ---- text as outlines (bold) ----

const textWidth = (value: string, size: number) => measureText(value, size, 'bold');

/** Punctuation that may not begin a line; it hangs at the end of the line before instead. */
const noLineStart = /^[，。、；：！？）」』]$/;

/**
 * Breaks Chinese text (no spaces to break at) into lines at most `width` wide, with the line
 * length evened out so a sentence never leaves one character alone on its last line.
 */
export function wrapText(value: string, size: number, width: number): string[] {
  const characters = Array.from(value);
  const lineCount = Math.max(1, Math.ceil(textWidth(value, size) / width));
  const perLine = Math.ceil(characters.length / lineCount);
  const lines: string[] = [];
  let line = '';
  for (const character of characters) {
    const full = Array.from(line).length >= perLine || textWidth(line + character, size) > width;
    if (line !== '' && full && !noLineStart.test(character)) {
      lines.push(line);
      line = '';
    }
    line += character;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function text(
  value: string,
  options: { x: number; y: number; size: number; fill: string; anchor?: 'start' | 'middle' },
) {
  return textOutline(value, { ...options, weight: 'bold' });
}

// ---- slides ----

const margin = 32;
/** The progress bar runs along the top edge, where a player's controls never cover it. */
const bar = { x: 0, y: 0, width: demoClipFormat.width, height: 8 };

function slideSvg(content: DemoClipContent, body: string): string {
  const { width, height } = demoClipFormat;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${content.from}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <rect x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}" fill="#ffffff" fill-opacity="0.25"/>
  ${body}
</svg>`;
}

function titleSlide(content: DemoClipContent): string {
  const badge = '示範影片';
  const badgeWidth = textWidth(badge, 22) + 28;
  const lines = wrapText(content.title, 40, demoClipFormat.width - 2 * margin).slice(0, 3);
  const top = 190 - ((lines.length - 1) * 54) / 2;
  return slideSvg(
    content,
    `<rect x="${margin}" y="34" width="${badgeWidth.toFixed(1)}" height="38" rx="19" fill="#ffffff"/>
    ${text(badge, { x: margin + 14, y: 61, size: 22, fill: content.from })}
    ${lines.map((line, index) => text(line, { x: margin, y: top + index * 54, size: 40, fill: '#ffffff' })).join('')}
    ${text('作物病蟲害資訊網・示範內容', { x: margin, y: 306, size: 18, fill: '#e2e8f0' })}`,
  );
}

function pointSlide(content: DemoClipContent, index: number): string {
  const lines = wrapText(content.points[index] ?? '', 44, demoClipFormat.width - 2 * margin - 16).slice(0, 3);
  const top = 190 - ((lines.length - 1) * 60) / 2;
  return slideSvg(
    content,
    `${text(`重點 ${index + 1}／${content.points.length}`, { x: margin, y: 60, size: 22, fill: '#ffffff' })}
    ${text('示範影片', { x: demoClipFormat.width - margin - textWidth('示範影片', 18), y: 58, size: 18, fill: '#e2e8f0' })}
    ${lines.map((line, row) => text(line, { x: demoClipFormat.width / 2, y: top + row * 60, size: 44, fill: '#ffffff', anchor: 'middle' })).join('')}
    ${text(content.title, { x: margin, y: 306, size: 18, fill: '#e2e8f0' })}`,
  );
}

// ---- frames ----

function hexColour(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Copies the slide's pixels and fills the progress bar up to `progress` (0–1). */
function frameWithProgress(slide: Buffer, progress: number, colour: [number, number, number]): Buffer {
  const frame = Buffer.from(slide);
  const filled = Math.round(bar.width * progress);
  for (let y = bar.y; y < bar.y + bar.height; y += 1) {
    for (let x = bar.x; x < bar.x + filled; x += 1) {
      const offset = (y * demoClipFormat.width + x) * 3;
      frame[offset] = colour[0];
      frame[offset + 1] = colour[1];
      frame[offset + 2] = colour[2];
    }
  }
  return frame;
}

/**
 * The VP8 key frame inside a lossy WebP file: the payload of its RIFF 'VP8 ' chunk (chunks are a
 * four-character code, a little-endian 32-bit size and the data, padded to an even length).
 */
export function vp8FromWebp(webp: Uint8Array): Uint8Array {
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  const fourCc = (offset: number) => String.fromCharCode(...webp.subarray(offset, offset + 4));
  if (webp.byteLength < 12 || fourCc(0) !== 'RIFF' || fourCc(8) !== 'WEBP') throw new Error('Not a WebP file');
  for (let offset = 12; offset + 8 <= webp.byteLength;) {
    const size = view.getUint32(offset + 4, true);
    if (fourCc(offset) === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('WebP file has no lossy VP8 chunk');
}

async function encodeFrame(pixels: Buffer): Promise<Uint8Array> {
  const { width, height } = demoClipFormat;
  const webp = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .webp({ quality: 60, effort: 2 })
    .toBuffer();
  return vp8FromWebp(webp);
}

/** Renders one demo clip: a title slide, then a slide per point, as a silent VP8 WebM file. */
export async function renderDemoClip(content: DemoClipContent): Promise<Uint8Array> {
  const { width, height, frameRate, secondsPerSlide } = demoClipFormat;
  const slides = await Promise.all(
    [titleSlide(content), ...content.points.map((_, index) => pointSlide(content, index))].map((svg) =>
      sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer(),
    ),
  );
  const framesPerSlide = secondsPerSlide * frameRate;
  const total = slides.length * framesPerSlide;
  const accent = hexColour(content.to);
  const frames = await Promise.all(
    Array.from({ length: total }, (_, index) => {
      const slide = slides[Math.floor(index / framesPerSlide)];
      if (!slide) throw new Error('Frame past the last slide');
      return encodeFrame(frameWithProgress(slide, (index + 1) / total, accent));
    }),
  );

  // Imported here, not at the top: only seeding makes clips, and the production server, which
  // seeds in a process of its own, never loads mediabunny (decision 0085).
  const { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Output, WebMOutputFormat } =
    await import('mediabunny');
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource('vp8');
  output.addVideoTrack(source, { frameRate, hasOnlyKeyPackets: true });
  output.setMetadataTags({ title: `示範影片：${content.title}` });
  await output.start();
  for (const [index, data] of frames.entries()) {
    await source.add(
      new EncodedPacket(data, 'key', index / frameRate, 1 / frameRate),
      index === 0 ? { decoderConfig: { codec: 'vp8', codedWidth: width, codedHeight: height } } : undefined,
    );
  }
  source.close();
  await output.finalize();
  if (!output.target.buffer) throw new Error('WebM output is empty');
  return new Uint8Array(output.target.buffer);
}
