import { accountMessages } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { AccountsSettings } from '../accounts-settings';
import { hashPassword, verifyPassword } from '../password-hash';
import { members, sessions } from '../schema';
import { createSession, type NewSession } from './create-session';
import { endMemberSessions } from './end-member-sessions';

/**
 * Changes a signed-in member's password after checking the current one. Every session and token
 * of the member ends, and the session that asked is replaced by a new one (rotation on a change of
 * credentials), which is returned for the caller's cookie.
 */
export async function changePassword(
  db: Database,
  settings: AccountsSettings,
  viewer: { memberId: number; sessionId: string },
  input: { currentPassword: string; password: string },
): Promise<NewSession> {
  const [row] = await db
    .select({ passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.id, viewer.memberId));
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw AppError.badRequest(accountMessages.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ remember: sessions.remember, kind: sessions.kind, device: sessions.device })
      .from(sessions)
      .where(eq(sessions.idHash, viewer.sessionId));
    await tx.update(members).set({ passwordHash, updatedAt: new Date() }).where(eq(members.id, viewer.memberId));
    await endMemberSessions(tx, viewer.memberId);
    return createSession(tx, settings, viewer.memberId, {
      kind: current?.kind === 'bearer' ? 'bearer' : 'session',
      remember: current?.remember ?? false,
      device: current?.device ?? null,
    });
  });
}
