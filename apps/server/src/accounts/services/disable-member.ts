import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Database } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { members } from '../schema';
import { keepOneAdmin, memberState, type StaffActor } from '../staff-change';
import { endMemberSessions } from './end-member-sessions';

/** Disables a member (audited): every session and token ends and sign-in is refused. */
export async function disableMember(db: Database, actor: StaffActor, memberId: number): Promise<void> {
  if (actor.memberId === memberId) throw AppError.badRequest('無法停用自己的帳號');
  await db.transaction(async (tx) => {
    const before = await memberState(tx, memberId);
    if (before.disabled) return;
    await keepOneAdmin(tx, memberId);
    await tx.update(members).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(members.id, memberId));
    await endMemberSessions(tx, memberId);
    const after = await memberState(tx, memberId);
    await recordAudit(tx, { actor, action: 'member.disable', entity: 'member', entityId: memberId, before, after });
  });
}
