import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import type { Executor } from '../../platform/database/database';
import type { AccountsSettings } from '../accounts-settings';
import { memberRoles, members, sessions } from '../schema';
import { hashSecretToken } from '../secret-token';
import { rolesOf } from './load-member-summary';

/** A session's last use is written at most this often: not a database write per request. */
const touchEveryMs = 60_000;

/**
 * The viewer of a session cookie or bearer token, or null when it is unknown, expired (absolute
 * or idle), of another kind, or its member is disabled. Sliding the idle limit costs one UPDATE
 * a minute per session at most.
 */
export async function findSessionViewer(
  db: Executor,
  settings: AccountsSettings,
  token: string,
  kind: 'session' | 'bearer',
): Promise<Viewer | null> {
  if (token.length < 20 || token.length > 100) return null;
  const idHash = hashSecretToken(token);
  const now = new Date();
  const [row] = await db
    .select({
      memberId: sessions.memberId,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      account: members.account,
      name: members.name,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        eq(sessions.kind, kind),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
        isNull(members.disabledAt),
      ),
    );
  if (!row) return null;
  const roles = await db
    .select({ role: memberRoles.role })
    .from(memberRoles)
    .where(eq(memberRoles.memberId, row.memberId));
  if (kind === 'session' && now.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
    const idle = row.remember ? settings.rememberMs : settings.sessionIdleMs;
    await db
      .update(sessions)
      .set({
        lastSeenAt: now,
        idleExpiresAt: new Date(Math.min(now.getTime() + idle, row.expiresAt.getTime())),
      })
      .where(and(eq(sessions.idHash, idHash), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
  }
  return {
    memberId: row.memberId,
    account: row.account,
    name: row.name,
    roles: rolesOf(roles.map((entry) => entry.role)),
    sessionId: idHash,
    via: kind,
  };
}
