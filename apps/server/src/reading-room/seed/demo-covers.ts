import sharp from 'sharp';
import type { FileStorage } from '../../platform/storage/file-storage';

/** Card pictures: 3:2, small enough for a cheap phone on a poor connection. */
export const coverSize = { width: 480, height: 320 } as const;

export const coverMotifs = ['rice', 'corn', 'leaf', 'fruit', 'flower', 'book', 'play', 'mushroom'] as const;
export type CoverMotif = (typeof coverMotifs)[number];

export interface CoverTheme {
  motif: CoverMotif;
  from: string;
  to: string;
}

// Simple shapes only, no text: titles are HTML beside the picture, so they stay readable.
const motifs: Record<CoverMotif, string> = {
  rice: Array.from({ length: 7 }, (_, i) => {
    const x = 90 + i * 50;
    return `<path d="M${x} 300 Q ${x + 10} 180 ${x + 30} 90" stroke="#f3e6a1" stroke-width="6" fill="none"/>
      <ellipse cx="${x + 30}" cy="96" rx="9" ry="22" fill="#f7d774" transform="rotate(25 ${x + 30} 96)"/>
      <ellipse cx="${x + 22}" cy="130" rx="8" ry="18" fill="#f7d774" transform="rotate(-20 ${x + 22} 130)"/>`;
  }).join(''),
  corn: `<rect x="210" y="70" width="60" height="190" rx="30" fill="#f6c945"/>
    ${Array.from({ length: 8 }, (_, i) => `<line x1="212" y1="${90 + i * 22}" x2="268" y2="${90 + i * 22}" stroke="#d9a520" stroke-width="3"/>`).join('')}
    <path d="M240 300 C 170 240, 160 150, 200 90 C 200 170, 220 230, 240 300 Z" fill="#7cc46a"/>
    <path d="M240 300 C 310 240, 320 150, 280 90 C 280 170, 260 230, 240 300 Z" fill="#5fae55"/>`,
  leaf: `<path d="M120 270 C 120 140, 240 60, 380 70 C 380 200, 280 290, 120 270 Z" fill="#b9e4a8"/>
    <path d="M120 270 L 330 110" stroke="#2e7d32" stroke-width="6" stroke-linecap="round"/>
    ${Array.from({ length: 4 }, (_, i) => `<path d="M${170 + i * 40} ${232 - i * 30} l 40 6" stroke="#2e7d32" stroke-width="4"/>`).join('')}`,
  fruit: `<circle cx="200" cy="190" r="80" fill="#f59e0b"/><circle cx="300" cy="200" r="66" fill="#fbbf24"/>
    <path d="M200 110 q 10 -40 40 -50" stroke="#5b3a1a" stroke-width="6" fill="none"/>
    <path d="M240 62 c 40 -10 70 10 80 30 c -40 10 -70 0 -80 -30 z" fill="#4caf50"/>`,
  flower:
    Array.from({ length: 6 }, (_, i) => {
      const angle = i * 60;
      return `<ellipse cx="240" cy="120" rx="34" ry="70" fill="#f9a8d4" transform="rotate(${angle} 240 170)"/>`;
    }).join('') + '<circle cx="240" cy="170" r="30" fill="#fde047"/>',
  book: `<rect x="130" y="60" width="220" height="210" rx="10" fill="#fefce8"/>
    <rect x="130" y="60" width="26" height="210" fill="#e5e7eb"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="180" y="${100 + i * 26}" width="${140 - (i % 3) * 30}" height="8" rx="4" fill="#94a3b8"/>`).join('')}`,
  play: `<circle cx="240" cy="160" r="86" fill="#ffffff" fill-opacity="0.9"/>
    <path d="M215 115 L 300 160 L 215 205 Z" fill="#b91c1c"/>`,
  mushroom: `<path d="M130 180 C 130 90, 350 90, 350 180 Z" fill="#f1e4d3"/>
    <rect x="215" y="178" width="50" height="100" rx="18" fill="#fffaf0"/>
    <circle cx="200" cy="140" r="12" fill="#e7d3bb"/><circle cx="280" cy="130" r="9" fill="#e7d3bb"/>`,
};

export function coverSvg(theme: CoverTheme): string {
  const { width, height } = coverSize;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  ${motifs[theme.motif]}
</svg>`;
}

/** Renders a cover to a public WebP file and returns what a row stores about it. */
export async function storeCover(storage: FileStorage, name: string, theme: CoverTheme) {
  const file = `reading-room/${name}.webp`;
  await storage.put(
    `public/${file}`,
    await sharp(Buffer.from(coverSvg(theme)))
      .webp({ quality: 70 })
      .toBuffer(),
  );
  return { coverPic: file, coverWidth: coverSize.width, coverHeight: coverSize.height };
}
