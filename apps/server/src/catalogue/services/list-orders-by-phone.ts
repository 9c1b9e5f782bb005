import type { Order } from '@pest/contracts';
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { orders } from '../schema';
import { toApiOrder } from './order-row';

/** Orders given with a telephone number (staff only: a caller on the phone), digits compared. */
export async function listOrdersByPhone(db: Executor, phone: string): Promise<Order[]> {
  const digits = phone.replace(/\D/g, '');
  const rows = await db
    .select()
    .from(orders)
    .where(sql`regexp_replace(${orders.telephone}, '[^0-9]', '', 'g') = ${digits}`)
    .orderBy(desc(orders.created_at), desc(orders.id));
  return rows.map(toApiOrder);
}
