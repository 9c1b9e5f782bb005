import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { sessions } from '../schema';
import { sessionPublicIdLength } from './list-member-sessions';

/**
 * Ends one of the member's own sessions by its public id (the device list's sign-out button). The
 * member comes from the session, so another member's session is never found (IDOR). Answers
 * whether a session ended and whether it was `currentSessionId`.
 */
export async function endMemberSession(
  db: Executor,
  memberId: number,
  publicId: string,
  currentSessionId: string,
): Promise<{ ended: boolean; current: boolean }> {
  if (publicId.length !== sessionPublicIdLength) return { ended: false, current: false };
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.memberId, memberId), sql`left(${sessions.idHash}, ${sessionPublicIdLength}) = ${publicId}`))
    .returning({ idHash: sessions.idHash });
  return { ended: ended.length > 0, current: ended.some((row) => row.idHash === currentSessionId) };
}
