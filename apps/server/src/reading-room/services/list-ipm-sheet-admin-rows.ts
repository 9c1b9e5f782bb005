import type { AdminListPage, AdminListQuery, ipmSheetsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { listLinkedCrops } from '../../crops';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import type { Executor } from '../../platform/database/database';
import { ipmSheets } from '../schema';
import { ipmSheetAdminRow, type IpmSheetAdminRow } from './ipm-sheet-admin-row';

type Filters = z.output<typeof ipmSheetsAdminContract.filters>;

const sortColumns = { id: ipmSheets.id, sort: ipmSheets.sort, updated_at: ipmSheets.updatedAt } as const;

/** Every IPM sheet, drafts too, as the admin lists them (or the one with `id`, for the detail screen). */
export async function listIpmSheetAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<IpmSheetAdminRow>> {
  const { q, state } = query.filters;
  const where = and(
    id === undefined ? undefined : eq(ipmSheets.id, id),
    adminTextFilter(q, [ipmSheets.title, ipmSheets.category, ipmSheets.detail]),
    state === undefined ? undefined : eq(ipmSheets.status, state === 'published' ? 1 : 0),
  );
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? ipmSheets.sort;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ipmSheets)
      .where(where)
      .orderBy(direction(column), direction(ipmSheets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(ipmSheets).where(where),
  ]);
  const crops = await listLinkedCrops(
    db,
    'ipm',
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ipmSheetAdminRow(row, crops.get(row.id))),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
