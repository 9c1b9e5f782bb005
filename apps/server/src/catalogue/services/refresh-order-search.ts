import { refreshAdminSearchRows, type AdminSearchSource } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { orders, orderSearch } from '../schema';

/** What the admin lists search of each row, and where its search row is (decision 0441). */
export const orderSearchSource: AdminSearchSource = {
  table: orders,
  id: orders.id,
  texts: [orders.order_number, orders.name, orders.telephone, orders.company_name],
  search: {
    table: orderSearch,
    rowId: orderSearch.order_id,
    textKey: orderSearch.text_key,
    grams: orderSearch.grams,
  },
};

/**
 * Writes the search rows of the given orders from their number, name, telephone and company, or
 * of every order without one (`'missing'`, the start hook): the inquiry and the erasure that blanks
 * an order call it in their transaction (decision 0441).
 */
export function refreshOrderSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  return refreshAdminSearchRows(db, which, orderSearchSource);
}
