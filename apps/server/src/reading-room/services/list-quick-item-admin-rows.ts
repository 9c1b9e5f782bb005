import type { AdminListPage, AdminListQuery, quickItemsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { adminTextFilter } from '../../platform/admin/admin-list-search';
import type { Executor } from '../../platform/database/database';
import { quickFiles, quickItems } from '../schema';
import { quickItemAdminRow, type QuickItemAdminRow } from './quick-item-admin-row';

type Filters = z.output<typeof quickItemsAdminContract.filters>;

const sortColumns = {
  id: quickItems.id,
  announce_time: quickItems.announceTime,
  updated_at: quickItems.updatedAt,
} as const;

/** Every quick-start item, drafts too, with its number of files, as the admin lists them (or the one with `id`). */
export async function listQuickItemAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<QuickItemAdminRow>> {
  const { q, state } = query.filters;
  const where = and(
    id === undefined ? undefined : eq(quickItems.id, id),
    adminTextFilter(q, [quickItems.title, quickItems.content]),
    state === undefined ? undefined : eq(quickItems.status, state === 'published' ? 1 : 0),
  );
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? quickItems.announceTime;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(quickItems)
      .where(where)
      .orderBy(direction(column), direction(quickItems.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(quickItems).where(where),
  ]);
  const fileCounts =
    rows.length === 0
      ? []
      : await db
          .select({ quickId: quickFiles.quickId, files: count() })
          .from(quickFiles)
          .where(
            inArray(
              quickFiles.quickId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(quickFiles.quickId);
  const filesOf = new Map(fileCounts.map((row) => [row.quickId, row.files]));
  return {
    rows: rows.map((row) => quickItemAdminRow(row, filesOf.get(row.id) ?? 0)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
