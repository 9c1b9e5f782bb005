import { count, eq, sql } from 'drizzle-orm';
import { definePersonalDataPart } from '../../platform/personal-data/personal-data-part';
import { orders, products, shoppingCarts } from '../schema';
import { refreshOrderSearch } from '../services/refresh-order-search';

/**
 * What an erased member's orders keep for the accounts (decision 0309): the order number, the
 * products and quantities, the status, the last digits of the transfer and the times — what the
 * institute's bookkeeping must keep — and the company's name (a buyer's, not a person's, and on the
 * invoice). The person's name, e-mail, telephone, address and message are blanked, and the order is
 * no longer any member's (member id 0).
 */
export const blankedOrderFields = {
  members_id: 0,
  name: '',
  email: '',
  telephone: '',
  address: '',
  message: '',
} as const;

/** The storefront's part in a member's rights (decision 0307): the cart and the inquiry orders. */
export const cataloguePersonalData = definePersonalDataPart({
  async exportFor(db, memberId) {
    const cart = await db
      .select({
        product_id: shoppingCarts.products_id,
        product_name: products.title,
        qty: shoppingCarts.qty,
        added_at: shoppingCarts.created_at,
      })
      .from(shoppingCarts)
      .leftJoin(products, eq(products.id, shoppingCarts.products_id))
      .where(eq(shoppingCarts.members_id, memberId));
    const own = await db.select().from(orders).where(eq(orders.members_id, memberId)).orderBy(orders.id);
    return {
      sections: {
        cart,
        orders: own.map((order) => ({
          order_number: order.order_number,
          name: order.name,
          email: order.email,
          telephone: order.telephone,
          company_name: order.company_name,
          address: order.address,
          message: order.message,
          products: order.product_info,
          status: order.status,
          last_number_of_transfer: order.last_number_of_transfer,
          created_at: order.created_at,
          updated_at: order.updated_at,
        })),
      },
      files: [],
    };
  },
  async eraseFor(tx, memberId) {
    await tx.delete(shoppingCarts).where(eq(shoppingCarts.members_id, memberId));
    const own = await tx
      .select({ id: orders.id, email: orders.email, name: orders.name, telephone: orders.telephone })
      .from(orders)
      .where(eq(orders.members_id, memberId))
      .for('update');
    await tx
      .update(orders)
      .set({ ...blankedOrderFields, updated_at: sql`now()` })
      .where(eq(orders.members_id, memberId));
    // The blanked texts replace the search rows' name and telephone grams (decision 0441).
    await refreshOrderSearch(
      tx,
      own.map((order) => order.id),
    );
    return {
      // The order mails went to the address given on the order, which may differ from the account's.
      addresses: own.map((order) => order.email),
      identifyingTexts: own.flatMap((order) => [order.name, order.telephone]),
      auditEntities: own.map((order) => ({ entity: 'order', entityId: order.id })),
    };
  },
  async isUsedBy(db, memberId) {
    const [row] = await db.select({ orders: count() }).from(orders).where(eq(orders.members_id, memberId));
    return (row?.orders ?? 0) > 0;
  },
});
