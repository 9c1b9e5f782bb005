import type { SiteSection } from '@pest/contracts';
import sharp from 'sharp';
import type { SeedSet } from '../../platform/database/seed';
import { carousels } from '../schema';
import { landscapeSvg } from './site-seed';

/** One banner for each section page; demo pictures. */
const sectionBanners: Array<{ position: SiteSection; title: string; subtitle: string; sky: string[]; hill: string }> = [
  { position: 'about', title: 'ABOUT US', subtitle: '關於我們', sky: ['#245b3c', '#6aa57f'], hill: '#2e7d32' },
  { position: 'news', title: 'NEWS', subtitle: '最新消息', sky: ['#1d4e89', '#4f8fc0'], hill: '#3b7a3a' },
  {
    position: 'products',
    title: 'PRODUCTS',
    subtitle: '出版品、課程與防治資材',
    sky: ['#7a4a12', '#c98a2b'],
    hill: '#5b7f1f',
  },
  { position: 'download', title: 'DOWNLOAD', subtitle: '表單與文件下載', sky: ['#3f4f8a', '#7d8fd0'], hill: '#33691e' },
  { position: 'contact', title: 'CONTACT US', subtitle: '聯絡我們', sky: ['#1f6f50', '#58a27c'], hill: '#2e7d32' },
  { position: 'member', title: 'MEMBER', subtitle: '會員專區', sky: ['#4a3b7a', '#8d7cc0'], hill: '#3b7a3a' },
];

/** Section banners, a seed of their own so sites seeded before them get them too. */
export const sectionBannersSeed: SeedSet = {
  name: 'site-section-banners-v1',
  async run({ db, storage }) {
    for (const [index, banner] of sectionBanners.entries()) {
      const svg = Buffer.from(landscapeSvg(banner.sky, banner.hill, index % 3));
      const name = `section-${banner.position}`;
      // A section banner is a strip: the middle of the landscape, 1600 × 400.
      const strip = sharp(svg).extract({ left: 0, top: 150, width: 1600, height: 400 });
      await storage.put(`public/${name}.webp`, await strip.webp({ quality: 72 }).toBuffer());
      await db.insert(carousels).values({
        position: banner.position,
        title: banner.title,
        subtitle: banner.subtitle,
        pic: `${name}.webp`,
        picWidth: 1600,
        picHeight: 400,
        status: 1,
        indexId: 1,
      });
    }
  },
};
