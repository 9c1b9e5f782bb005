import type { Role } from '@pest/contracts';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { memberRoles } from '../schema';
import { keepOneAdmin, memberState, type StaffActor } from '../staff-change';
import { endMemberSessions } from './end-member-sessions';

/** Removes a staff role (audited); the member's sessions and tokens end. The last admin keeps theirs. */
export async function revokeRole(db: Database, actor: StaffActor, memberId: number, role: Role): Promise<Role[]> {
  if (role === 'member') throw AppError.badRequest('會員身分無法移除，請改用停用帳號');
  return db.transaction(async (tx) => {
    const before = await memberState(tx, memberId);
    if (!before.roles.includes(role)) return before.roles;
    if (role === 'admin') await keepOneAdmin(tx, memberId);
    await tx.delete(memberRoles).where(and(eq(memberRoles.memberId, memberId), eq(memberRoles.role, role)));
    const after = await memberState(tx, memberId);
    await endMemberSessions(tx, memberId);
    await recordAudit(tx, { actor, action: 'member.revoke-role', entity: 'member', entityId: memberId, before, after });
    return after.roles;
  });
}
