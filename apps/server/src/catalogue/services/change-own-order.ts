import { errorCodes, storefrontMessages, type Order, type OrderStatus } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { orders } from '../schema';
import { toApiOrder } from './order-row';

/**
 * A member's own change of their order: cancelling (only while it is new) or giving the last five
 * digits of their bank transfer (while it is new or confirmed). Another member's order is "not
 * found"; a repeated request that changes nothing answers the order as it is.
 */
export async function changeOwnOrder(
  db: Executor,
  viewer: Viewer,
  orderId: number,
  change: { kind: 'cancel' } | { kind: 'transfer'; digits: string },
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.members_id, viewer.memberId)))
      .for('update');
    if (!row) throw AppError.notFound(storefrontMessages.orderNotFound);
    if (change.kind === 'cancel') {
      if (row.status === 'cancelled') return toApiOrder(row);
      if (row.status !== 'new')
        throw new AppError(409, errorCodes.conflict, '詢價單已確認，無法自行取消；請與我們聯繫');
      const [after] = await tx
        .update(orders)
        .set({ status: 'cancelled' satisfies OrderStatus, updated_at: new Date() })
        .where(eq(orders.id, orderId))
        .returning();
      return toApiOrder(after!);
    }
    if (row.status !== 'new' && row.status !== 'confirmed')
      throw new AppError(409, errorCodes.conflict, '此詢價單目前無法填寫匯款資料');
    const [after] = await tx
      .update(orders)
      .set({ last_number_of_transfer: change.digits, updated_at: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    return toApiOrder(after!);
  });
}
