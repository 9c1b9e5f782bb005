import type { Executor } from '../../platform/database/database';
import { accountTokens } from '../schema';
import { hashSecretToken, newSecretToken } from '../secret-token';

export type OneTimePurpose = 'confirm-email' | 'reset-password' | 'stop-email-change';

/** A one-time link's secret (stored hashed; expires after `lifetimeMs`; spent by consumeOneTimeToken). */
export async function issueOneTimeToken(
  db: Executor,
  memberId: number,
  purpose: OneTimePurpose,
  lifetimeMs: number,
  email?: string,
): Promise<string> {
  const token = newSecretToken();
  await db.insert(accountTokens).values({
    idHash: hashSecretToken(token),
    memberId,
    purpose,
    email: email ?? null,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  return token;
}
