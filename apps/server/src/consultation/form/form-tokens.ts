import { createHash, timingSafeEqual } from 'node:crypto';
import { hashCaseToken, newCaseToken } from '../case-token';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The idempotency key as stored: its hash, so the database never holds what derives the upload
 * token (a copy of the table cannot be used to upload into someone's case).
 */
export function idempotencyKeyHash(key: string): string {
  return sha256(`consultation-key\0${key.toLowerCase()}`);
}

/**
 * The upload token follows from the key, so a retried /advNew (same key, after a lost answer or
 * a restart) answers the same token as the first, and two concurrent ones agree. The key is a
 * random UUID only the sender's browser holds; the database keeps hashes of both.
 */
export function uploadTokenFor(key: string): string {
  return createHash('sha256').update(`consultation-upload\0${key.toLowerCase()}`).digest('base64url');
}

/** How every secret of a case is stored (the desk's reply mail issues follow links the same way). */
export const secretHash = hashCaseToken;

export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(secretHash(token));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The private follow link's secret: 256 random bits, only its hash stored. */
export const newFollowToken = newCaseToken;
