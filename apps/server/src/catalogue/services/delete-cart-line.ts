import { storefrontMessages } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { shoppingCarts } from '../schema';

/** Removes one of the member's own lines; another member's line is "not found". */
export async function deleteCartLine(db: Executor, memberId: number, lineId: number): Promise<void> {
  const deleted = await db
    .delete(shoppingCarts)
    .where(and(eq(shoppingCarts.id, lineId), eq(shoppingCarts.members_id, memberId)))
    .returning({ id: shoppingCarts.id });
  if (deleted.length === 0) throw AppError.notFound(storefrontMessages.cartLineNotFound);
}
