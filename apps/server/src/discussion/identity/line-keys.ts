import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWTVerifyGetKey,
} from 'jose';
import type { DiscussionSettings } from './discussion-settings';
import { lineIssuer } from './verify-line-id-token';

/** The keys ID tokens are verified with: LINE's published keys, or the demo provider's. */
export interface LineKeys {
  keys: JWTVerifyGetKey;
  /** Demo mode only: issues a test identity's ID token (the local development identity provider). */
  issueDemoToken: ((name: string) => Promise<string>) | null;
}

/**
 * LINE mode: LINE's JSON Web Key Set at `<LINE_API_BASE_URL>/oauth2/v2.1/certs`, fetched and
 * cached by jose (refetched for an unknown key id). Demo mode: a key pair made at start, whose
 * public half is the only key the verifier trusts; the tokens it signs go through the same
 * verification as LINE's (issuer, audience, expiry, signature).
 */
export async function lineKeys(settings: DiscussionSettings): Promise<LineKeys> {
  if (settings.mode !== 'demo') {
    return {
      keys: createRemoteJWKSet(new URL(`${settings.apiBaseUrl}/oauth2/v2.1/certs`), {
        timeoutDuration: 5000,
        cooldownDuration: 30_000,
      }),
      issueDemoToken: null,
    };
  }
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'demo', alg: 'ES256', use: 'sig' };
  return {
    keys: createLocalJWKSet({ keys: [jwk] }),
    issueDemoToken: (name) => signDemoToken(privateKey, settings.channelId, name),
  };
}

/** A demo person's stable LINE-like user id: the same name is the same person. */
export function demoUserId(name: string): string {
  return `U${createHash('sha256').update(`demo:${name}`).digest('hex').slice(0, 32)}`;
}

function signDemoToken(key: CryptoKey, audience: string, name: string): Promise<string> {
  return new SignJWT({ name: `示範：${name}`, picture: '', amr: ['demo'] })
    .setProtectedHeader({ alg: 'ES256', kid: 'demo' })
    .setIssuer(lineIssuer)
    .setSubject(demoUserId(name))
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}
