import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { members } from '../schema';

/** Whether an account name is taken (/chkiuser, the register form's live check). */
export async function checkAccountExists(db: Executor, account: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.account, account.toLowerCase()));
  return row !== undefined;
}
