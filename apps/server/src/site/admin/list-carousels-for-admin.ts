import type { AdminListPage, AdminListQuery, SiteSection } from '@pest/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { carousels } from '../schema';
import { carouselAdminRow, type CarouselAdminRow } from './carousel-row';

const sortColumns = { id: carousels.id, index_id: carousels.indexId, position: carousels.position } as const;

/** Every slide (shown or not) of a position or all, for /admin. */
export async function listCarouselsForAdmin(
  db: Executor,
  query: AdminListQuery<{ position?: SiteSection | undefined }>,
): Promise<AdminListPage<CarouselAdminRow>> {
  const where = query.filters.position ? eq(carousels.position, query.filters.position) : undefined;
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? carousels.indexId;
  const rows = await db
    .select()
    .from(carousels)
    .where(where)
    .orderBy(direction(column), direction(carousels.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ total: count() }).from(carousels).where(where);
  return {
    rows: rows.map(carouselAdminRow),
    total: Number(total?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getCarouselForAdmin(db: Executor, id: number): Promise<CarouselAdminRow | null> {
  const [row] = await db.select().from(carousels).where(eq(carousels.id, id));
  return row ? carouselAdminRow(row) : null;
}
