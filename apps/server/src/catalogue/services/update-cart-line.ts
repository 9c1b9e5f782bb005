import { storefrontMessages, type CartLine } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { shoppingCarts } from '../schema';
import { listCartLines } from './list-cart-lines';

/** Sets a line's quantity; only the member's own line (another member's is "not found"). */
export async function updateCartLine(db: Executor, memberId: number, lineId: number, qty: number): Promise<CartLine> {
  const [line] = await db
    .update(shoppingCarts)
    .set({ qty })
    .where(and(eq(shoppingCarts.id, lineId), eq(shoppingCarts.members_id, memberId)))
    .returning({ id: shoppingCarts.id });
  if (!line) throw AppError.notFound(storefrontMessages.cartLineNotFound);
  return (await listCartLines(db, memberId)).find((item) => item.id === line.id)!;
}
