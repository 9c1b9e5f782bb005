import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { sessions } from '../schema';

/**
 * Ends every session and bearer token of a member ("sign out everywhere", a password reset, a
 * change of roles or a disabled account), except the one named in `keep` if any.
 */
export async function endMemberSessions(db: Executor, memberId: number, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.memberId, memberId), ne(sessions.idHash, keep)) : eq(sessions.memberId, memberId))
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
