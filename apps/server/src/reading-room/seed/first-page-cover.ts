import sharp from 'sharp';
import { measureText, textOutline } from '../../platform/demo-art/glyph-outlines';
import type { FileStorage } from '../../platform/storage/file-storage';
import { coverSize, type CoverTheme } from './demo-covers';
import type { DemoDocument } from './demo-pdf';

// An IPM sheet's card picture is the top of its PDF's first page (decision 0189):
// each sheet shows its own title and opening, on its crop category's colours. The demo PDFs are
// made from a DemoDocument at seed time, so the page is drawn from the same document, as glyph
// outlines like every demo picture (the same on every machine, no PDF renderer needed).

const page = { x: 56, y: 22, width: 368, padding: 22 } as const;

// Characters that must not start a line (the PDF writer's rule too).
const noLineStart = new Set('，。、；：！？）」』》〉,.;:!?)%');

/**
 * Breaks `text` into lines no wider than `width` at `size`: Chinese breaks between any two
 * characters, except before closing punctuation, which stays at the end of its line.
 */
export function wrapText(text: string, size: number, width: number, weight: 'regular' | 'bold' = 'regular'): string[] {
  const lines: string[] = [];
  let line = '';
  for (const character of text) {
    if (line !== '' && !noLineStart.has(character) && measureText(line + character, size, weight) > width) {
      lines.push(line);
      line = character.trim() === '' ? '' : character;
    } else {
      line += character;
    }
  }
  if (line.trim() !== '') lines.push(line);
  return lines;
}

/** The SVG of a first page's top: the page on the category's gradient, cut by the picture's bottom edge. */
export function firstPageSvg(document: DemoDocument, theme: CoverTheme): string {
  const { width, height } = coverSize;
  const textWidth = page.width - page.padding * 2;
  const left = page.x + page.padding;
  const parts: string[] = [];
  let y = page.y + page.padding + 4;

  for (const line of wrapText(document.title, 24, textWidth, 'bold').slice(0, 2)) {
    y += 28;
    parts.push(textOutline(line, { x: left, y, size: 24, fill: '#1f2933', weight: 'bold' }));
  }
  y += 20;
  parts.push(textOutline(wrapText(document.byline, 11, textWidth)[0] ?? '', { x: left, y, size: 11, fill: '#52606d' }));
  y += 10;
  parts.push(`<rect x="${left}" y="${y}" width="${textWidth}" height="2" fill="${theme.from}"/>`);

  for (const section of document.sections) {
    if (y > height) break;
    y += 24;
    parts.push(textOutline(section.heading, { x: left, y, size: 14, fill: '#1f2933', weight: 'bold' }));
    const body = [...(section.paragraphs ?? []), ...(section.bullets ?? []).map((bullet) => `・${bullet}`)];
    for (const paragraph of body) {
      for (const line of wrapText(paragraph, 11, textWidth)) {
        if (y > height) break;
        y += 17;
        parts.push(textOutline(line, { x: left, y, size: 11, fill: '#3e4c59' }));
      }
    }
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <rect x="${page.x + 4}" y="${page.y + 4}" width="${page.width}" height="${height}" fill="#000" fill-opacity="0.18"/>
  <rect x="${page.x}" y="${page.y}" width="${page.width}" height="${height}" fill="#ffffff"/>
  ${parts.join('\n  ')}
</svg>`;
}

/** Stores a sheet's first-page picture as a public WebP and returns what its row stores about it. */
export async function storeFirstPageCover(
  storage: FileStorage,
  name: string,
  document: DemoDocument,
  theme: CoverTheme,
) {
  const file = `reading-room/${name}.webp`;
  await storage.put(
    `public/${file}`,
    await sharp(Buffer.from(firstPageSvg(document, theme)))
      .webp({ quality: 72 })
      .toBuffer(),
  );
  return { coverPic: file, coverWidth: coverSize.width, coverHeight: coverSize.height };
}
