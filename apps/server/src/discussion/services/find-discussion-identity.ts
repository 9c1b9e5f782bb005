import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { discussionIdentities, discussionSessions } from '../schema';
import { hashSessionToken } from './start-discussion-session';

export type DiscussionIdentity = typeof discussionIdentities.$inferSelect;

/** The identity of a discussion session cookie, or null when it is unknown or expired. */
export async function findSessionIdentity(db: Executor, token: string): Promise<DiscussionIdentity | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ identity: discussionIdentities })
    .from(discussionSessions)
    .innerJoin(discussionIdentities, eq(discussionIdentities.id, discussionSessions.identityId))
    .where(and(eq(discussionSessions.idHash, hashSessionToken(token)), gt(discussionSessions.expiresAt, sql`now()`)));
  return row?.identity ?? null;
}

/** The LINE identity a password member linked in /member, or null. */
export async function findMemberIdentity(db: Executor, memberId: number): Promise<DiscussionIdentity | null> {
  const [row] = await db.select().from(discussionIdentities).where(eq(discussionIdentities.memberId, memberId));
  return row ?? null;
}

/** Ends a discussion session (sign out): the row goes, the cookie is cleared by the route. */
export async function endDiscussionSession(db: Executor, token: string): Promise<void> {
  await db.delete(discussionSessions).where(eq(discussionSessions.idHash, hashSessionToken(token)));
}
