import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import type { VerifiedLineProfile } from '../identity/verify-line-id-token';
import { discussionIdentities, discussionSessions } from '../schema';

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Exchanges a verified LINE profile for this site's own session: the identity is
 * created or its name and picture refreshed from the token, and a new random secret is the
 * cookie (only its hash is stored), so a session id is never reused.
 */
export async function startDiscussionSession(
  db: Database,
  profile: VerifiedLineProfile & { demo: boolean },
  sessionMs: number,
): Promise<{ token: string; identityId: number; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + sessionMs);
  const identityId = await db.transaction(async (tx) => {
    const [identity] = await tx
      .insert(discussionIdentities)
      .values({
        lineUserId: profile.userId,
        displayName: profile.displayName,
        pictureUrl: profile.pictureUrl,
        demo: profile.demo,
      })
      .onConflictDoUpdate({
        target: discussionIdentities.lineUserId,
        set: { displayName: profile.displayName, pictureUrl: profile.pictureUrl, lastSeenAt: sql`now()` },
      })
      .returning({ id: discussionIdentities.id });
    if (!identity) throw new Error('identity upsert returned nothing');
    await tx.insert(discussionSessions).values({ idHash: hashSessionToken(token), identityId: identity.id, expiresAt });
    // Expired sessions go whenever someone signs in: no job needed for a small table.
    await tx.delete(discussionSessions).where(sql`${discussionSessions.expiresAt} < now()`);
    return identity.id;
  });
  return { token, identityId, expiresAt };
}
