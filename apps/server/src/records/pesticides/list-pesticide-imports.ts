import type { AdminListPage, AdminListQuery, PesticideImportRow, pesticideImportsAdminContract } from '@pest/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/database/database';
import { pesticideImports } from '../schema';
import { findCurrentImport } from './pesticide-data-state';
import { toPesticideImportRow } from './pesticide-import-row';

type Filters = z.output<(typeof pesticideImportsAdminContract)['filters']>;

/** The import history, newest first: previews, applied, rolled-back and cancelled imports. */
export async function listPesticideImports(
  db: Executor,
  query: AdminListQuery<Filters>,
): Promise<AdminListPage<PesticideImportRow>> {
  const where = query.filters.status ? eq(pesticideImports.status, query.filters.status) : undefined;
  const direction = query.sort.direction === 'asc' ? asc : desc;
  const [rows, [counted], current] = await Promise.all([
    db
      .select()
      .from(pesticideImports)
      .where(where)
      .orderBy(direction(pesticideImports.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(pesticideImports).where(where),
    findCurrentImport(db),
  ]);
  return {
    rows: rows.map((row) => toPesticideImportRow(row, current?.id ?? null)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
