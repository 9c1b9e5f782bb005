import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { accountSecrets } from '../schema';

/**
 * A secret every server process of the site shares (the ALTCHA signing key), made by whichever
 * process asks first: no setting to forget, and two processes never disagree.
 */
export async function getAccountSecret(db: Executor, name: string): Promise<string> {
  await db
    .insert(accountSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: accountSecrets.value })
    .from(accountSecrets)
    .where(eq(accountSecrets.name, name));
  if (!row) throw new Error(`the account secret ${name} is missing`);
  return row.value;
}
