import type { Role } from '@pest/contracts';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { memberRoles } from '../schema';
import { memberState, type StaffActor } from '../staff-change';
import { endMemberSessions } from './end-member-sessions';

/**
 * Grants a staff role (audited). The member's sessions and tokens end, so they sign in again
 * and hold a new session with the new rights (rotation on a change of privilege).
 */
export async function grantRole(db: Database, actor: StaffActor, memberId: number, role: Role): Promise<Role[]> {
  if (role === 'member') throw AppError.badRequest('每位使用者都是會員，不需授予');
  return db.transaction(async (tx) => {
    const before = await memberState(tx, memberId);
    if (before.roles.includes(role)) return before.roles;
    await tx.insert(memberRoles).values({ memberId, role }).onConflictDoNothing();
    const after = await memberState(tx, memberId);
    await endMemberSessions(tx, memberId);
    await recordAudit(tx, { actor, action: 'member.grant-role', entity: 'member', entityId: memberId, before, after });
    return after.roles;
  });
}
