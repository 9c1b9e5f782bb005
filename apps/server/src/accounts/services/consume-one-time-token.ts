import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { accountTokens } from '../schema';
import { hashSecretToken } from '../secret-token';
import type { OneTimePurpose } from './issue-one-time-token';

/**
 * Spends a one-time token: the member (and e-mail) it was issued for, or null when it is unknown,
 * of another purpose, expired or already used. One UPDATE, so two clicks cannot both spend it.
 */
export async function consumeOneTimeToken(
  db: Executor,
  token: string,
  purpose: OneTimePurpose,
): Promise<{ memberId: number; email: string | null } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.idHash, hashSecretToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning({ memberId: accountTokens.memberId, email: accountTokens.email });
  return row ?? null;
}
