import type { AdminListPage, AdminListQuery } from '@pest/contracts';
import { count, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { AppError } from '../http/app-error';

/**
 * Up to this many rows an admin list counts exactly and lets its pages reach; past it the list says
 * 「超過 10,000 筆」 and asks for a filter (decisions 0429, 0430). Counting or skipping more would
 * read more of a big table for every page.
 */
export const adminCountCap = 10_000;

export interface AdminTotal {
  total: number;
  /** True when there are more rows than `total` (= `adminCountCap`). */
  totalCapped: boolean;
}

/** The rows a query (a select of anything, with its where) finds, counted up to the cap. */
export async function countUpTo(db: Executor, rows: { limit(limit: number): SQLWrapper }): Promise<AdminTotal> {
  const [row] = await db.select({ value: count() }).from(sql`(${rows.limit(adminCountCap + 1)}) as counted`);
  const value = Number(row?.value ?? 0);
  return value > adminCountCap ? { total: adminCountCap, totalCapped: true } : { total: value, totalCapped: false };
}

/**
 * The list's total from its page when the page tells it (a page not full is the last one), else
 * counted up to the cap: a search that finds a few rows is not counted a second time.
 */
export async function pageTotal(
  query: Pick<AdminListQuery, 'page' | 'pageSize'>,
  rowsOnPage: number,
  counted: () => Promise<AdminTotal>,
): Promise<AdminTotal> {
  const before = (query.page - 1) * query.pageSize;
  if (rowsOnPage > 0 && rowsOnPage < query.pageSize) return { total: before + rowsOnPage, totalCapped: false };
  if (rowsOnPage === 0 && query.page === 1) return { total: 0, totalCapped: false };
  return counted();
}

/** The highest page a list offers at this page size. */
export function lastAdminPage(pageSize: number): number {
  return Math.ceil(adminCountCap / pageSize);
}

/**
 * Refuses a page past the first `adminCountCap` rows (decision 0430): its offset would make the
 * database skip that many rows for one page. Sorting the other way or a filter reaches the rest.
 */
export function checkAdminPage(query: Pick<AdminListQuery, 'page' | 'pageSize'>): void {
  const last = lastAdminPage(query.pageSize);
  if (query.page > last)
    throw AppError.invalid([
      {
        path: 'page',
        message: `清單只列出前 ${adminCountCap.toLocaleString('en-US')} 筆（最多到第 ${last} 頁）；請用篩選條件或反向排序找較舊的資料`,
      },
    ]);
}

/** The rows a page of an admin list skips. */
export function adminPageOffset(query: Pick<AdminListQuery, 'page' | 'pageSize'>): number {
  return (query.page - 1) * query.pageSize;
}

/**
 * An admin list's answer: the page's rows (already shaped) with its total, from the page when it tells
 * (`pageTotal`), else `matching` (a select of the list's rows with its where) counted up to the cap.
 */
export async function adminListPage<Row>(
  db: Executor,
  query: Pick<AdminListQuery, 'page' | 'pageSize'>,
  rows: Row[],
  matching: { limit(limit: number): SQLWrapper },
): Promise<AdminListPage<Row>> {
  const counted = await pageTotal(query, rows.length, () => countUpTo(db, matching));
  return { rows, ...counted, page: query.page, pageSize: query.pageSize };
}
