import type { AdminListPage, AdminListQuery, quickFilesAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { quickFiles, quickItems } from '../schema';
import { quickFileAdminRow, type QuickFileAdminRow } from './quick-file-admin-row';

type Filters = z.output<typeof quickFilesAdminContract.filters>;

/** The files of quick-start items for the admin list, by item; `id` reads one. */
export async function listQuickFileAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<QuickFileAdminRow>> {
  const where = and(
    id === undefined ? undefined : eq(quickFiles.id, id),
    query.filters.quick_id === undefined ? undefined : eq(quickFiles.quickId, query.filters.quick_id),
  );
  const column = query.sort.key === 'id' ? quickFiles.id : quickFiles.sort;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ file: quickFiles, quickTitle: quickItems.title })
      .from(quickFiles)
      .innerJoin(quickItems, eq(quickItems.id, quickFiles.quickId))
      .where(where)
      .orderBy(direction(column), asc(quickFiles.quickId), asc(quickFiles.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(quickFiles).where(where),
  ]);
  return {
    rows: rows.map((row) => quickFileAdminRow(row.file, row.quickTitle)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
