import { and, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { sessions } from '../schema';

export interface MemberDevice {
  /** A short public id of the session (the start of its stored hash), for the sign-out button. */
  id: string;
  device: string | null;
  kind: 'session' | 'bearer';
  createdAt: string;
  lastSeenAt: string;
  /** The session this list is shown to. */
  current: boolean;
}

/** The length of a session's public id: 96 bits of its hash, never the secret. */
export const sessionPublicIdLength = 16;

/** A member's signed-in devices (live sessions and bearer tokens), the last used first. */
export async function listMemberSessions(
  db: Executor,
  memberId: number,
  currentSessionId: string | null,
): Promise<MemberDevice[]> {
  const now = new Date();
  const rows = await db
    .select({
      idHash: sessions.idHash,
      device: sessions.device,
      kind: sessions.kind,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), gt(sessions.expiresAt, now), gt(sessions.idleExpiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.idHash.slice(0, sessionPublicIdLength),
    device: row.device,
    kind: row.kind === 'bearer' ? 'bearer' : 'session',
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.idHash === currentSessionId,
  }));
}
