import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { shoppingCarts } from '../schema';

/** Empties the member's cart (DELETE shopping-carts-by-members-id; after an inquiry is sent). */
export async function clearCart(db: Executor, memberId: number): Promise<void> {
  await db.delete(shoppingCarts).where(eq(shoppingCarts.members_id, memberId));
}
