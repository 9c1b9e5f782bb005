import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { members } from '../schema';

/** The member drops their own waiting change of address (/member); its confirmation link becomes void. */
export async function cancelEmailChange(db: Executor, memberId: number): Promise<void> {
  await db.update(members).set({ pendingEmail: null }).where(eq(members.id, memberId));
}
