import type { CartLine } from '@pest/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { products, shoppingCarts } from '../schema';

/** A member's cart: each line with its product's title, summary and banner. */
export async function listCartLines(db: Executor, memberId: number): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: shoppingCarts.id,
      members_id: shoppingCarts.members_id,
      products_id: shoppingCarts.products_id,
      qty: shoppingCarts.qty,
      title: products.title,
      summary: products.summary,
      banner: products.banner,
    })
    .from(shoppingCarts)
    .innerJoin(products, eq(products.id, shoppingCarts.products_id))
    .where(eq(shoppingCarts.members_id, memberId))
    .orderBy(asc(shoppingCarts.created_at), asc(shoppingCarts.id));
  return rows.map((row) => ({
    id: row.id,
    members_id: row.members_id,
    products_id: row.products_id,
    qty: row.qty,
    product_detail: { id: row.products_id, title: row.title, description: row.summary, banner: row.banner || null },
  }));
}
