import sharp from 'sharp';
import type { SeedSet } from '../../platform/database/seed';
import { carousels } from '../schema';
import { bannerSize, landscapeSvg } from './site-seed';

/**
 * The section banners of the storefront pages (spec §1: a carousel's `position` is the section's
 * number — Download=5, ContactUs=6). Demo pictures, like the home slider's.
 */
const sectionBanners = [
  {
    position: '5',
    title: '表單與技術文件',
    subtitle: '申請表、調查表與技術資料，登入後即可下載',
    sky: ['#2d4a63', '#6b93b5'],
    hill: '#3f6e4a',
  },
  {
    position: '6',
    title: '歡迎與我們聯繫',
    subtitle: '網站內容、研究成果、出版品或課程，有任何問題都可以來信',
    sky: ['#35605a', '#7fb0a4'],
    hill: '#4a7d3b',
  },
];

export const sectionBannersSeed: SeedSet = {
  name: 'site-section-banners-v1',
  async run({ db, storage }) {
    for (const [index, banner] of sectionBanners.entries()) {
      const svg = Buffer.from(landscapeSvg(banner.sky, banner.hill, index + 1));
      const name = `section-${banner.position}`;
      await storage.put(`public/${name}.webp`, await sharp(svg).webp({ quality: 72 }).toBuffer());
      await db.insert(carousels).values({
        position: banner.position,
        title: banner.title,
        subtitle: banner.subtitle,
        pic: `${name}.webp`,
        picWidth: bannerSize.width,
        picHeight: bannerSize.height,
        status: 1,
        indexId: 1,
      });
    }
  },
};
