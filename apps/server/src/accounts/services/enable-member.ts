import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Database } from '../../platform/database/database';
import { members } from '../schema';
import { memberState, type StaffActor } from '../staff-change';

/** Enables a disabled member again (audited); they sign in anew. */
export async function enableMember(db: Database, actor: StaffActor, memberId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await memberState(tx, memberId);
    if (!before.disabled) return;
    await tx.update(members).set({ disabledAt: null, updatedAt: new Date() }).where(eq(members.id, memberId));
    const after = await memberState(tx, memberId);
    await recordAudit(tx, { actor, action: 'member.enable', entity: 'member', entityId: memberId, before, after });
  });
}
