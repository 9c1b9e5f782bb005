import { deriveHmacKeySecret } from 'altcha-lib/frameworks/shared';

/** The two HMAC keys of self-hosted ALTCHA challenges, from the site's shared secret. */
export interface AltchaKeys {
  signature: string;
  keySignature: string;
}

export async function altchaKeysFrom(secret: string): Promise<AltchaKeys> {
  return { signature: secret, keySignature: await deriveHmacKeySecret(secret) };
}
