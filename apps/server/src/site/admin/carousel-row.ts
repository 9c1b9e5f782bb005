import type { carouselsAdminContract, SiteSection } from '@pest/contracts';
import type { z } from 'zod';
import type { carousels } from '../schema';

export type CarouselAdminRow = z.input<typeof carouselsAdminContract.row>;

export function carouselAdminRow(row: typeof carousels.$inferSelect): CarouselAdminRow {
  return {
    id: row.id,
    position: row.position as SiteSection,
    title: row.title,
    subtitle: row.subtitle,
    link: row.link ?? '',
    status: row.status === 1 ? '1' : '0',
    index_id: row.indexId,
    pic: row.pic,
    picture: row.storedFileId,
  };
}
