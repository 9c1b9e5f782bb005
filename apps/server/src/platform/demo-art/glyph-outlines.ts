import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from '@pdf-lib/fontkit';
import type { Font } from '@pdf-lib/fontkit';

// Text in generated demo pictures and clips is drawn as glyph outlines from the bundled Noto Sans
// TC font, so they look the same on every machine, with or without system fonts.
const require = createRequire(import.meta.url);
const fontFiles = {
  regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
} as const;

export type FontWeight = keyof typeof fontFiles;

interface LoadedFont {
  font: Font;
  outlines: Map<number, { d: string; advance: number }>;
}

const fonts = new Map<FontWeight, LoadedFont>();
/** Only seeding draws text: the fonts (tens of MB parsed) are let go once it has been idle a while. */
const releaseAfterMs = 10_000;
let releaseTimer: NodeJS.Timeout | undefined;

function loadFont(weight: FontWeight): LoadedFont {
  let loaded = fonts.get(weight);
  if (!loaded) {
    // Required here, not imported at the top: only seeding draws text, and the production server,
    // which seeds in a process of its own, never loads fontkit (decision 0085).
    const fontkit = require('@pdf-lib/fontkit') as typeof Fontkit;
    loaded = { font: fontkit.create(readFileSync(require.resolve(fontFiles[weight]))), outlines: new Map() };
    fonts.set(weight, loaded);
  }
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => fonts.clear(), releaseAfterMs).unref();
  return loaded;
}

function glyphOutline(weight: FontWeight, codePoint: number): { d: string; advance: number } {
  const { font, outlines } = loadFont(weight);
  let outline = outlines.get(codePoint);
  if (!outline) {
    const glyph = font.glyphForCodePoint(codePoint);
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
  weight?: FontWeight;
}

/** Width of `text` at `size`, in the same units as the SVG. */
export function measureText(text: string, size: number, weight: FontWeight = 'regular'): number {
  const scale = size / loadFont(weight).font.unitsPerEm;
  let width = 0;
  for (const character of text) width += glyphOutline(weight, character.codePointAt(0) ?? 32).advance;
  return width * scale;
}

/** SVG for one line of text as outlines. Why: decision 0075. */
export function textOutline(text: string, options: TextOptions): string {
  const weight = options.weight ?? 'regular';
  const scale = options.size / loadFont(weight).font.unitsPerEm;
  const width = measureText(text, options.size, weight);
  const anchor = options.anchor ?? 'start';
  let penX = options.x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const paths: string[] = [];
  for (const character of text) {
    const outline = glyphOutline(weight, character.codePointAt(0) ?? 32);
    if (outline.d !== '') {
      paths.push(
        `<path transform="translate(${penX.toFixed(1)} ${options.y.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${outline.d}"/>`,
      );
    }
    penX += outline.advance * scale;
  }
  return `<g fill="${options.fill}">${paths.join('')}</g>`;
}
