import { verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import type { AltchaKeys } from '../altcha-keys';
import { altchaSpent } from '../schema';

function parsePayload(payload: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    if (!('challenge' in parsed) || !('solution' in parsed)) return null;
    return parsed as Payload;
  } catch {
    return null;
  }
}

/**
 * Checks an ALTCHA widget payload and spends it: true once for a valid, unexpired solution of a
 * challenge this site signed, false for anything else — including the same solution sent again,
 * from any server process (the spent challenge is a row, decision 0123).
 */
export async function spendAltchaSolution(
  db: Executor,
  keys: AltchaKeys,
  payload: string | undefined,
): Promise<boolean> {
  if (!payload) return false;
  const parsed = parsePayload(payload);
  if (!parsed) return false;
  const expiresAt = parsed.challenge.parameters?.expiresAt;
  // Only challenges that expire: a spent row need not be kept longer than its challenge.
  if (typeof expiresAt !== 'number') return false;
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  }).catch(() => null);
  if (!result?.verified) return false;
  const now = new Date();
  await db.delete(altchaSpent).where(lt(altchaSpent.expiresAt, now));
  const spent = await db
    .insert(altchaSpent)
    .values({ challengeId: parsed.challenge.parameters.nonce, expiresAt: new Date(expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ id: altchaSpent.challengeId });
  return spent.length === 1;
}
