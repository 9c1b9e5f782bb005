import type { Order } from '@pest/contracts';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { orders } from '../schema';
import { toApiOrder } from './order-row';

/** The next calendar day (yyyy-MM-dd) after `day`. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * A member's orders, newest first: all, the one of a number, or those sent between two calendar
 * days in Taiwan time, both included (decision 0207).
 */
export async function listMemberOrders(
  db: Executor,
  memberId: number,
  filter: { number?: string; start?: string; end?: string } = {},
): Promise<Order[]> {
  const conditions: SQL[] = [eq(orders.members_id, memberId)];
  if (filter.number) conditions.push(eq(orders.order_number, filter.number));
  if (filter.start) conditions.push(gte(orders.created_at, new Date(`${filter.start}T00:00:00+08:00`)));
  if (filter.end) conditions.push(lt(orders.created_at, new Date(`${nextDay(filter.end)}T00:00:00+08:00`)));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.created_at), desc(orders.id));
  return rows.map(toApiOrder);
}
