import { catalogueStatus, type Carousel } from '@pest/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { carousels } from '../schema';

/** Active slides for one position, in index_id order. */
export async function listCarousels(db: Executor, position = 'index'): Promise<Carousel[]> {
  const rows = await db
    .select()
    .from(carousels)
    .where(and(eq(carousels.status, catalogueStatus.active), eq(carousels.position, position)))
    .orderBy(asc(carousels.indexId), asc(carousels.id));
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    title: row.title,
    subtitle: row.subtitle,
    pic: row.pic,
    pic_width: row.picWidth,
    pic_height: row.picHeight,
    link: row.link,
    status: row.status,
    index_id: row.indexId,
  }));
}
