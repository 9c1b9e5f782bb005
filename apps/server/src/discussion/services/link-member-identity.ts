import { discussionMessages, errorCodes } from '@pest/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { VerifiedLineProfile } from '../identity/verify-line-id-token';
import { discussionIdentities } from '../schema';

/**
 * Links a verified LINE identity to a password member (/member): afterwards the member
 * uses the area in any browser as that identity. One identity per member and one member per
 * identity; an identity linked to someone else stays theirs (409).
 */
export async function linkMemberIdentity(
  db: Database,
  memberId: number,
  profile: VerifiedLineProfile & { demo: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(discussionIdentities)
      .where(eq(discussionIdentities.lineUserId, profile.userId))
      .for('update');
    if (existing?.memberId && existing.memberId !== memberId) {
      throw new AppError(409, errorCodes.conflict, discussionMessages.alreadyLinked);
    }
    await tx
      .update(discussionIdentities)
      .set({ memberId: null })
      .where(and(eq(discussionIdentities.memberId, memberId), ne(discussionIdentities.lineUserId, profile.userId)));
    await tx
      .insert(discussionIdentities)
      .values({
        lineUserId: profile.userId,
        displayName: profile.displayName,
        pictureUrl: profile.pictureUrl,
        demo: profile.demo,
        memberId,
      })
      .onConflictDoUpdate({
        target: discussionIdentities.lineUserId,
        set: { displayName: profile.displayName, pictureUrl: profile.pictureUrl, memberId, lastSeenAt: sql`now()` },
      });
  });
}

/** Removes a member's link (their posts stay the identity's). */
export async function unlinkMemberIdentity(db: Database, memberId: number): Promise<void> {
  await db.update(discussionIdentities).set({ memberId: null }).where(eq(discussionIdentities.memberId, memberId));
}
