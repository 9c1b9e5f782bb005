import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoPdfWriter, wrapText, type DemoPdfWriter } from './demo-pdf';

/** The TrueType font programs (the FontFile2 of each font descriptor) embedded in a PDF. */
async function embeddedFonts(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => {
      if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) return [];
      const stream = object.lookup(PDFName.of('FontFile2'));
      return stream instanceof PDFRawStream ? [stream] : [];
    })
    .map((stream) => fontkit.create(Buffer.from(decodePDFRawStream(stream).decode())));
}

describe('demo PDF writer', () => {
  let writer: DemoPdfWriter;
  beforeAll(async () => {
    writer = await createDemoPdfWriter();
  });

  it('embeds a subset font whose every Chinese glyph still has its outline', async () => {
    const bytes = await writer.write({
      title: '水稻福壽螺整合管理',
      byline: '示範內容',
      sections: [{ heading: '一、發生生態', paragraphs: ['福壽螺喜棲息於水深 3 至 10 公分的水田與灌排水路。'] }],
    });
    const [font, ...others] = await embeddedFonts(bytes);
    expect(others).toHaveLength(0);
    if (!font) throw new Error('no embedded font');
    // Only the subset is embedded, not the 7 MB font.
    expect(font.numGlyphs).toBeGreaterThan(40);
    expect(font.numGlyphs).toBeLessThan(200);
    // A shifted glyph table (the odd-length record bug) leaves most glyphs without outlines;
    // only .notdef and the two kinds of space may be empty here.
    const empty = Array.from({ length: font.numGlyphs }, (_, gid) => font.getGlyph(gid)).filter(
      (glyph) => glyph.path.toSVG() === '',
    );
    expect(empty.length).toBeLessThanOrEqual(3);
  });

  it('writes a second document just as well with the shared parsed font', async () => {
    const bytes = await writer.write({ title: '柑橘黃龍病整合管理', byline: '示範內容', sections: [] });
    const [font] = await embeddedFonts(bytes);
    if (!font) throw new Error('no embedded font');
    expect(font.numGlyphs).toBeGreaterThan(15);
    const empty = Array.from({ length: font.numGlyphs }, (_, gid) => font.getGlyph(gid)).filter(
      (glyph) => glyph.path.toSVG() === '',
    );
    expect(empty.length).toBeLessThanOrEqual(3);
  });
});

describe('wrapText', () => {
  const font = { widthOfTextAtSize: (text: string, size: number) => [...text].length * size };

  it('breaks Chinese text between characters within the width', () => {
    expect(wrapText('一二三四五六七', font as never, 10, 30)).toEqual(['一二三', '四五六', '七']);
  });

  it('keeps closing punctuation on the line before it', () => {
    expect(wrapText('一二三。四', font as never, 10, 30)).toEqual(['一二三。', '四']);
  });

  it('does not split a Latin word or number', () => {
    expect(wrapText('一二 Pyricularia', font as never, 10, 60)).toEqual(['一二', 'Pyricularia']);
  });
});
