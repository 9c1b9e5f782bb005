import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { SeedSet } from '../../platform/database/seed';
import { carousels, systemSettings } from '../schema';

const slides = [
  {
    title: '病蟲害知識查詢',
    subtitle: '以名稱或關鍵字查詢害蟲、病害、益蟲與蟎類，掌握辨識與防治重點',
    sky: ['#1f6f50', '#58a27c'],
    hill: '#2e7d32',
  },
  {
    title: '整合性病蟲害管理 IPM',
    subtitle: '結合耕作、物理、生物與化學方法，減少用藥、守護田間生態',
    sky: ['#1d4e89', '#4f8fc0'],
    hill: '#3b7a3a',
  },
  {
    title: '作物病蟲害諮詢',
    subtitle: '上傳田間照片，由研究人員協助診斷並提供建議',
    sky: ['#7a4a12', '#c98a2b'],
    hill: '#5b7f1f',
  },
];

export const bannerSize = { width: 1600, height: 600 } as const;

/** A calm field landscape, no text: the slide title is HTML over it, so it stays readable and translatable. */
export function landscapeSvg(sky: string[], hill: string, variant: number): string {
  const { width, height } = bannerSize;
  const rows = Array.from({ length: 9 }, (_, i) => {
    const y = 380 + i * 26;
    return `<path d="M0 ${y} Q ${width / 2} ${y - 40 - variant * 10} ${width} ${y}" stroke="#ffffff" stroke-opacity="0.12" stroke-width="6" fill="none"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${1250 - variant * 180}" cy="150" r="70" fill="#fff6c8" fill-opacity="0.85"/>
  <path d="M0 420 C 300 330, 600 470, 900 380 S 1400 330, 1600 400 L1600 600 L0 600 Z" fill="${hill}"/>
  <path d="M0 480 C 400 420, 800 540, 1200 460 S 1500 470, 1600 480 L1600 600 L0 600 Z" fill="#1b5e20" fill-opacity="0.85"/>
  ${rows}
</svg>`;
}

function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#1f6f50"/>
  <path d="M16 48 C 16 24, 32 12, 50 14 C 52 32, 40 48, 16 48 Z" fill="#c8e6c9"/>
  <path d="M16 48 L 42 22" stroke="#1f6f50" stroke-width="3" stroke-linecap="round"/>
</svg>`;
}

export const siteSeed: SeedSet = {
  name: 'site-demo-v1',
  async run({ db, storage }) {
    await storage.put('public/favicon.png', await sharp(Buffer.from(faviconSvg())).png().toBuffer());
    await db
      .insert(systemSettings)
      .values({
        id: 1,
        websiteTitle: '作物病蟲害資訊網',
        description:
          '提供農友與民眾查詢害蟲、病害、益蟲與蟎類資訊、登記農藥用法、IPM 技術資料與病蟲害診斷諮詢的公開網站（示範內容）。',
        indexFavicon: 'favicon.png',
        keywords: '病蟲害,害蟲,病害,益蟲,蟎類,農藥,IPM,整合性病蟲害管理,植物保護',
        gTag: null,
        serviceGmap: null,
      })
      // The start made the row with its defaults (ensureSystemSettings): the demo fills it in,
      // unless an admin has written a description already.
      .onConflictDoUpdate({
        target: systemSettings.id,
        set: {
          description: sql`excluded.description`,
          indexFavicon: sql`excluded.index_favicon`,
          keywords: sql`excluded.keywords`,
        },
        setWhere: eq(systemSettings.description, ''),
      });

    for (const [index, slide] of slides.entries()) {
      const svg = Buffer.from(landscapeSvg(slide.sky, slide.hill, index));
      const name = `banner-${index + 1}`;
      await storage.put(`public/${name}.webp`, await sharp(svg).webp({ quality: 72 }).toBuffer());
      await storage.put(
        `public/${name}_mod.webp`,
        await sharp(svg).resize({ width: 800 }).webp({ quality: 70 }).toBuffer(),
      );
      await db.insert(carousels).values({
        position: 'index',
        title: slide.title,
        subtitle: slide.subtitle,
        pic: `${name}.webp`,
        picWidth: bannerSize.width,
        picHeight: bannerSize.height,
        status: 1,
        indexId: index + 1,
      });
    }
  },
};
