import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret for a session, bearer token or one-time link: 256 random bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a secret: its SHA-256 (the secret has 256 bits, so no salt is needed). */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Compares two strings in constant time (credentials). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
