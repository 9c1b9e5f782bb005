import type { Role } from '@pest/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { memberRoles, members } from '../schema';
import { keepOneAdmin, memberState, type StaffActor } from '../staff-change';
import { endMemberSessions } from './end-member-sessions';

/**
 * Sets a member's staff roles and whether the account is disabled, from the edit screen in /admin:
 * one transaction, one audit entry with before and after, nothing written when nothing changes.
 * A change of roles or a disabling ends the member's sessions (they sign in again with the new
 * rights); the last enabled admin is kept, and no one disables their own account.
 */
export async function setMemberAccess(
  db: Database,
  actor: StaffActor,
  memberId: number,
  input: { roles: readonly Exclude<Role, 'member'>[]; disabled: boolean },
): Promise<void> {
  if (input.disabled && actor.memberId === memberId) throw AppError.badRequest('無法停用自己的帳號');
  await db.transaction(async (tx) => {
    const before = await memberState(tx, memberId);
    const held = before.roles.filter((role) => role !== 'member');
    const granted = input.roles.filter((role) => !held.includes(role));
    const removed = held.filter((role) => !input.roles.includes(role as Exclude<Role, 'member'>));
    const disabling = input.disabled && !before.disabled;
    const enabling = !input.disabled && before.disabled;
    if (granted.length === 0 && removed.length === 0 && !disabling && !enabling) return;
    if (removed.includes('admin') || disabling) await keepOneAdmin(tx, memberId);
    if (granted.length > 0) {
      await tx
        .insert(memberRoles)
        .values(granted.map((role) => ({ memberId, role })))
        .onConflictDoNothing();
    }
    if (removed.length > 0) {
      await tx.delete(memberRoles).where(and(eq(memberRoles.memberId, memberId), inArray(memberRoles.role, removed)));
    }
    if (disabling || enabling) {
      await tx
        .update(members)
        .set({ disabledAt: disabling ? new Date() : null, updatedAt: new Date() })
        .where(eq(members.id, memberId));
    }
    if (granted.length > 0 || removed.length > 0 || disabling) await endMemberSessions(tx, memberId);
    const after = await memberState(tx, memberId);
    await recordAudit(tx, { actor, action: 'member.set-access', entity: 'member', entityId: memberId, before, after });
  });
}
