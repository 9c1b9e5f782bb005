import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { adminSearchEntry, writeAdminSearchRows } from '../../platform/admin/admin-search-rows';
import type { Executor } from '../../platform/database/database';
import { orders, orderSearch } from '../schema';

/**
 * Writes the search rows of the given orders from their number, name, telephone and company, or
 * of every order without one (`'missing'`, the start hook): the inquiry and the erasure that blanks
 * an order call it in their transaction (decision 0441).
 */
export function refreshOrderSearch(db: Executor, which: readonly number[] | 'missing'): Promise<number> {
  const read = (limit: number, after: number) =>
    db
      .select({
        id: orders.id,
        number: orders.order_number,
        name: orders.name,
        telephone: orders.telephone,
        company: orders.company_name,
      })
      .from(orders)
      .leftJoin(orderSearch, eq(orderSearch.order_id, orders.id))
      .where(
        which === 'missing' ? and(isNull(orderSearch.order_id), gt(orders.id, after)) : inArray(orders.id, [...which]),
      )
      .orderBy(asc(orders.id))
      .limit(limit);
  return writeAdminSearchRows(which, read, async (rows) => {
    const insert = db.insert(orderSearch).values(
      rows.map((row) => {
        const entry = adminSearchEntry([row.number, row.name, row.telephone, row.company]);
        return { order_id: row.id, text_key: entry.textKey, grams: entry.grams };
      }),
    );
    // A row a save wrote while the backfill ran holds the newer text: the backfill leaves it.
    await (which === 'missing'
      ? insert.onConflictDoNothing()
      : insert.onConflictDoUpdate({
          target: orderSearch.order_id,
          set: { text_key: sql`excluded.text_key`, grams: sql`excluded.grams` },
        }));
  });
}
