import { maxCartQty, storefrontMessages, type CartLine } from '@pest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { products, shoppingCarts } from '../schema';
import { listCartLines } from './list-cart-lines';

/**
 * Adds a product to the member's cart: a product already there has its quantity raised
 * by the new one instead of a second line — one statement, so two quick clicks cannot make two
 * lines. Only a shown (Active) product can be added.
 */
export async function addCartLine(db: Executor, memberId: number, productId: number, qty: number): Promise<CartLine> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 1)));
  if (!product) throw AppError.notFound(storefrontMessages.productNotFound);
  const [line] = await db
    .insert(shoppingCarts)
    .values({ members_id: memberId, products_id: productId, qty })
    .onConflictDoUpdate({
      target: [shoppingCarts.members_id, shoppingCarts.products_id],
      set: { qty: sql`least(${shoppingCarts.qty} + excluded.qty, ${maxCartQty})` },
    })
    .returning({ id: shoppingCarts.id });
  const lines = await listCartLines(db, memberId);
  return lines.find((item) => item.id === line!.id)!;
}
