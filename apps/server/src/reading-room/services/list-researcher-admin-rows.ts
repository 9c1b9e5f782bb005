import type { AdminListPage, AdminListQuery, researchersAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import type { Executor } from '../../platform/database/database';
import { researchers } from '../schema';
import { researcherAdminRow, type ResearcherAdminRow } from './researcher-admin-row';

type Filters = z.output<typeof researchersAdminContract.filters>;

/** The researchers as the admin lists them (or the one with `id`, for the detail screen). */
export async function listResearcherAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<ResearcherAdminRow>> {
  const { q } = query.filters;
  const where = and(
    id === undefined ? undefined : eq(researchers.id, id),
    adminTextFilter(q, [researchers.name, researchers.room, researchers.specialty]),
  );
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = query.sort.key === 'id' ? researchers.id : researchers.sort;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(researchers)
      .where(where)
      .orderBy(direction(column), direction(researchers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(researchers).where(where),
  ]);
  return { rows: rows.map(researcherAdminRow), total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
