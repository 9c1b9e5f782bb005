import type { AdminListPage, AdminListQuery, OrderStatus } from '@pest/contracts';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { orders } from '../schema';
import { orderItemsText } from './order-row';
import { adminGramFilter } from '../../platform/admin/admin-list-search';
import { throughGramIndex } from '../../platform/search/through-gram-index';
import { adminListPage, adminPageOffset } from '../../platform/admin/admin-list-count';
import { orderSearchSource } from './refresh-order-search';

export type AdminOrderRow = ReturnType<typeof toAdminOrder>;

export function toAdminOrder(row: typeof orders.$inferSelect) {
  return {
    id: row.id,
    order_number: row.order_number,
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    company_name: row.company_name,
    address: row.address,
    message: row.message,
    items: orderItemsText(row),
    status: row.status,
    last_number_of_transfer: row.last_number_of_transfer,
    created_at: row.created_at.toISOString(),
  };
}

/** Orders in /admin: searched by number, name, telephone or company, filtered by state. */
export async function listOrdersForAdmin(
  db: Executor,
  query: AdminListQuery<{ q?: string | undefined; status?: OrderStatus | undefined }>,
): Promise<AdminListPage<AdminOrderRow>> {
  const conditions: SQL[] = [];
  // Through the orders' gram index, never a read of every order (decision 0441).
  const matches = await adminGramFilter(db, query.filters.q, orderSearchSource);
  if (matches) conditions.push(matches);
  if (query.filters.status) conditions.push(eq(orders.status, query.filters.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const sortColumn = query.sort.key === 'order_number' ? orders.order_number : orders.created_at;
  const read = async (tx: Executor) => {
    const rows = await tx
      .select()
      .from(orders)
      .where(where)
      .orderBy(query.sort.direction === 'asc' ? asc(sortColumn) : desc(sortColumn), desc(orders.id))
      .limit(query.pageSize)
      .offset(adminPageOffset(query));
    return adminListPage(tx, query, rows.map(toAdminOrder), tx.select({ id: orders.id }).from(orders).where(where));
  };
  return matches ? throughGramIndex(db, read) : read(db);
}
