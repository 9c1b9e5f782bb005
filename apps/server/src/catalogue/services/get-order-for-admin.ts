import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { orders } from '../schema';
import { toAdminOrder, type AdminOrderRow } from './list-orders-for-admin';

/** One order in /admin, or null. */
export async function getOrderForAdmin(db: Executor, orderId: number): Promise<AdminOrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ? toAdminOrder(row) : null;
}
