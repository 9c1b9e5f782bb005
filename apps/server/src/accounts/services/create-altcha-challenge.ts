import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AltchaKeys } from '../altcha-keys';

/** How long a challenge may be solved and sent. */
export const altchaChallengeSeconds = 10 * 60;

/**
 * A proof-of-work challenge for the ALTCHA widget (decision 0123): PBKDF2/SHA-256 with `cost`
 * iterations per attempt and a secret counter the browser must find; signed, so the server keeps
 * nothing until a solution is spent.
 */
export function createAltchaChallenge(keys: AltchaKeys, cost: number): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost,
    // The browser tries counters from 0: on average it derives `counter` keys.
    counter: randomInt(400, 100),
    deriveKey,
    expiresAt: new Date(Date.now() + altchaChallengeSeconds * 1000),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
}
