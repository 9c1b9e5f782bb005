import type { AdminListPage, AdminListQuery, ipmFilesAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { ipmFiles, ipmSheets } from '../schema';
import { ipmFileAdminRow, type IpmFileAdminRow } from './ipm-file-admin-row';

type Filters = z.output<typeof ipmFilesAdminContract.filters>;

const sortColumns = { id: ipmFiles.id, sort: ipmFiles.sort } as const;

/** IPM sheets' other files for the admin list, of one sheet when filtered; `id` reads one. */
export async function listIpmFileAdminRows(
  db: Executor,
  query: AdminListQuery<Filters>,
  id?: number,
): Promise<AdminListPage<IpmFileAdminRow>> {
  const where = and(
    id === undefined ? undefined : eq(ipmFiles.id, id),
    query.filters.ipm_id === undefined ? undefined : eq(ipmFiles.ipmId, query.filters.ipm_id),
  );
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? ipmFiles.sort;
  const direction = query.sort.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ file: ipmFiles, ipmTitle: ipmSheets.title })
      .from(ipmFiles)
      .innerJoin(ipmSheets, eq(ipmSheets.id, ipmFiles.ipmId))
      .where(where)
      .orderBy(direction(column), asc(ipmFiles.ipmId), asc(ipmFiles.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(ipmFiles).where(where),
  ]);
  return {
    rows: rows.map((row) => ipmFileAdminRow(row.file, row.ipmTitle)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
