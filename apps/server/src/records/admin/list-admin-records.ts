import type { AdminListPage, AdminListQuery, recordsAdminContract } from '@pest/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { records } from '../schema';
import { findRewrittenRecords } from './find-rewritten-records';
import { recordFormOf } from './record-form-mapping';
import { adminTextFilter } from '../../platform/admin/admin-list-search';

type Filters = z.output<(typeof recordsAdminContract)['filters']>;
type Row = z.input<(typeof recordsAdminContract)['row']>;

const sortColumns = { c_name: records.cName, views: records.views, updated_at: records.updatedAt } as const;

/** Records for the admin list: by Chinese, English or scientific name or alias, and type. */
export async function listAdminRecords(db: Executor, query: AdminListQuery<Filters>): Promise<AdminListPage<Row>> {
  const where = and(
    query.filters.type ? eq(records.type, query.filters.type) : undefined,
    query.filters.state ? eq(records.state, query.filters.state) : undefined,
    adminTextFilter(query.filters.q, [
      records.cName,
      records.eName,
      records.name,
      sql`array_to_string(${records.aliases}, '\n')`,
    ]),
  );
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? records.updatedAt;
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(records)
      .where(where)
      .orderBy(direction(column), desc(records.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(records).where(where),
  ]);
  const rewritten = await findRewrittenRecords(
    db,
    rows.filter((row) => row.demo).map((row) => row.id),
  );
  return {
    rows: rows.map((row) => recordFormOf(row, { rewritten: rewritten.has(row.id) })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
