import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as FontkitModule from '@pdf-lib/fontkit';
import type { PDFFont, PDFPage } from 'pdf-lib';

/** One generated demo document: a title block, then headed sections of paragraphs and bullets. */
export interface DemoDocument {
  title: string;
  /** Publisher and date line under the title. */
  byline: string;
  sections: Array<{ heading: string; paragraphs?: string[]; bullets?: string[] }>;
}

export interface DemoPdfWriter {
  write(document: DemoDocument): Promise<Uint8Array>;
}

const require = createRequire(import.meta.url);
const fontPath = require.resolve('@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf');

export const demoNotice = '示範內容：本文件由系統自動產生，僅供網站展示與測試使用，不代表正式技術建議。';

const page = { width: 595.28, height: 841.89, margin: 56 };
// Characters that must not start a line (a light form of Chinese line-breaking rules).
const noLineStart = new Set('，。、；：！？）」』》〉,.;:!?)%');

type Fontkit = typeof FontkitModule;
type SubsetLike = { _addGlyph(gid: number): number; glyf: Uint8Array[]; offset: number };
type FontLike = { createSubset(): SubsetLike };

/**
 * Parses the font once and hands the same parsed font to every document, so each PDF only pays
 * for subsetting the glyphs it uses.
 *
 * It also pads each subset glyph record to an even length: @pdf-lib/fontkit 1.1.1 writes the
 * subset's `loca` table in the short format, which stores offsets halved, without padding, so
 * one odd-length glyph shifts every later glyph and most Chinese characters render blank
 * (fixed upstream in fontkit 1.8; the pdf-lib fork never took the fix).
 */
function sharedFontkit(fontkit: Fontkit, fontBytes: Uint8Array): Fontkit {
  const parsed = fontkit.create(fontBytes) as unknown as FontLike;
  const createSubset = parsed.createSubset.bind(parsed);
  parsed.createSubset = () => {
    const subset = createSubset();
    const addGlyph = subset._addGlyph.bind(subset);
    subset._addGlyph = (gid) => {
      const index = addGlyph(gid);
      const record = subset.glyf[index];
      if (record && record.length % 2 === 1) {
        // Same buffer class as fontkit's own (its encoder refuses foreign buffer types).
        const padded = (record.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(record.length + 1);
        padded.set(record, 0);
        subset.glyf[index] = padded;
        subset.offset += 1;
      }
      return index;
    };
    return subset;
  };
  return { create: () => parsed } as unknown as Fontkit;
}

/**
 * Splits text into lines no wider than `width`, breaking between characters (and not inside
 * Latin words). Widths are summed per token rather than measuring each growing line, which
 * would lay the same text out again for every character.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const tokens = text.match(/[A-Za-z0-9.\-/%+]+|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const token of tokens) {
    const tokenWidth = font.widthOfTextAtSize(token, size);
    if (line === '' || lineWidth + tokenWidth <= width || noLineStart.has(token)) {
      line += token;
      lineWidth += tokenWidth;
      continue;
    }
    lines.push(line.trimEnd());
    line = token.trimStart();
    lineWidth = font.widthOfTextAtSize(line, size);
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

export async function createDemoPdfWriter(): Promise<DemoPdfWriter> {
  // Imported here, not at the top: only seeding writes PDFs, and the production server, which
  // seeds in a process of its own, never loads pdf-lib (decision 0085).
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
  ]);
  const colors = { primary: rgb(0.12, 0.44, 0.31), text: rgb(0.12, 0.16, 0.2), muted: rgb(0.32, 0.38, 0.43) };
  const fontBytes = new Uint8Array(await fs.readFile(fontPath));
  const kit = sharedFontkit(fontkit, fontBytes);

  return {
    async write(document) {
      const pdf = await PDFDocument.create();
      pdf.registerFontkit(kit);
      pdf.setTitle(document.title);
      pdf.setSubject(demoNotice);
      pdf.setLanguage('zh-Hant-TW');
      pdf.setCreator('作物病蟲害資訊網（示範內容）');
      // Fixed dates keep a re-seeded file byte-identical.
      pdf.setCreationDate(new Date('2025-01-01T00:00:00Z'));
      pdf.setModificationDate(new Date('2025-01-01T00:00:00Z'));
      const font = await pdf.embedFont(fontBytes, { subset: true });
      const contentWidth = page.width - page.margin * 2;
      const pages: PDFPage[] = [];
      let current!: PDFPage;
      let y = 0;

      const newPage = () => {
        current = pdf.addPage([page.width, page.height]);
        pages.push(current);
        y = page.height - page.margin;
      };
      const ensure = (height: number) => {
        if (y - height < page.margin + 24) newPage();
      };
      const drawLines = (
        text: string,
        options: { size: number; color?: ReturnType<typeof rgb>; indent?: number; gapAfter?: number; prefix?: string },
      ) => {
        const indent = options.indent ?? 0;
        const lineHeight = options.size * 1.7;
        const lines = wrapText(text, font, options.size, contentWidth - indent);
        lines.forEach((line, index) => {
          ensure(lineHeight);
          if (index === 0 && options.prefix) {
            current.drawText(options.prefix, {
              x: page.margin + indent - 12,
              y,
              size: options.size,
              font,
              color: colors.primary,
            });
          }
          current.drawText(line, {
            x: page.margin + indent,
            y,
            size: options.size,
            font,
            color: options.color ?? colors.text,
          });
          y -= lineHeight;
        });
        y -= options.gapAfter ?? 0;
      };

      newPage();
      current.drawRectangle({ x: 0, y: page.height - 18, width: page.width, height: 18, color: colors.primary });
      y -= 8;
      drawLines(document.title, { size: 19, color: colors.primary, gapAfter: 2 });
      drawLines(document.byline, { size: 10, color: colors.muted, gapAfter: 4 });
      // The demo notice sits in a tinted box under the byline.
      current.drawRectangle({
        x: page.margin,
        y: y - 7,
        width: contentWidth,
        height: 22,
        color: rgb(1, 0.97, 0.86),
        borderColor: rgb(0.85, 0.6, 0.1),
        borderWidth: 0.8,
      });
      current.drawText(demoNotice, { x: page.margin + 8, y, size: 9, font, color: rgb(0.45, 0.27, 0.03) });
      y -= 38;

      for (const section of document.sections) {
        ensure(40);
        drawLines(section.heading, { size: 13, color: colors.primary, gapAfter: 2 });
        for (const paragraph of section.paragraphs ?? []) drawLines(paragraph, { size: 10.5, gapAfter: 6 });
        for (const bullet of section.bullets ?? [])
          drawLines(bullet, { size: 10.5, indent: 14, gapAfter: 2, prefix: '•' });
        y -= 8;
      }

      pages.forEach((each, index) => {
        const footer = `${document.title}\u3000第 ${index + 1} 頁／共 ${pages.length} 頁\u3000（示範內容）`;
        each.drawText(footer, { x: page.margin, y: page.margin - 24, size: 8, font, color: colors.muted });
      });
      return pdf.save();
    },
  };
}
