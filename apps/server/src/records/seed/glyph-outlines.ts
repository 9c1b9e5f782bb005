import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type Font } from '@pdf-lib/fontkit';

// Text in the generated illustrations is drawn as glyph outlines from the bundled Noto Sans TC
// font, so the pictures look the same on every machine, with or without system fonts.
const require = createRequire(import.meta.url);
const fontFile = require.resolve('@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf');

let font: Font | null = null;
const outlines = new Map<number, { d: string; advance: number }>();

function loadFont(): Font {
  font ??= fontkit.create(readFileSync(fontFile));
  return font;
}

function glyphOutline(codePoint: number): { d: string; advance: number } {
  let outline = outlines.get(codePoint);
  if (!outline) {
    const glyph = loadFont().glyphForCodePoint(codePoint);
    outline = { d: glyph.path.toSVG(), advance: glyph.advanceWidth };
    outlines.set(codePoint, outline);
  }
  return outline;
}

export interface TextOptions {
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
}

/** Width of `text` at `size`, in the same units as the SVG. */
export function measureText(text: string, size: number): number {
  const scale = size / loadFont().unitsPerEm;
  let width = 0;
  for (const character of text) width += glyphOutline(character.codePointAt(0) ?? 32).advance;
  return width * scale;
}

/**
 * SVG for one line of text as outlines. Chinese needs no shaping, so each character maps to its
 * glyph and advances by its width; glyph paths (font units, y up) are scaled and flipped.
 */
export function textOutline(text: string, options: TextOptions): string {
  const scale = options.size / loadFont().unitsPerEm;
  const width = measureText(text, options.size);
  const anchor = options.anchor ?? 'start';
  let penX = options.x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const paths: string[] = [];
  for (const character of text) {
    const outline = glyphOutline(character.codePointAt(0) ?? 32);
    if (outline.d !== '') {
      paths.push(
        `<path transform="translate(${penX.toFixed(1)} ${options.y.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${outline.d}"/>`,
      );
    }
    penX += outline.advance * scale;
  }
  return `<g fill="${options.fill}">${paths.join('')}</g>`;
}
