import { createHash, randomBytes } from 'node:crypto';

/** A new secret for a private link (the follow link, the follow-up answers): 256 random bits, URL-safe. */
export function newCaseToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the secret: its SHA-256, base64url (as the accounts' tokens). */
export function hashCaseToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
