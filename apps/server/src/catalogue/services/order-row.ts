import type { Order } from '@pest/contracts';
import type { orders } from '../schema';

/** A stored order as the product API answers it. */
export function toApiOrder(row: typeof orders.$inferSelect): Order {
  return {
    ...row,
    product_info: Array.isArray(row.product_info) ? row.product_info : [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The order's lines as one line of text (admin list, mails). */
export function orderItemsText(row: Pick<typeof orders.$inferSelect, 'product_info'>): string {
  return (Array.isArray(row.product_info) ? row.product_info : [])
    .map((item) => `${item.product_name} × ${item.qty}`)
    .join('、');
}
