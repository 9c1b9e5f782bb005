import type { MemberClass, MemberSummary, Role } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { memberRoles, members } from '../schema';

type MemberRow = typeof members.$inferSelect;

/** The roles a member holds: `member` always, then their staff roles in a fixed order. */
export function rolesOf(staffRoles: readonly string[]): Role[] {
  const order: Role[] = ['expert', 'editor', 'admin'];
  return ['member', ...order.filter((role) => staffRoles.includes(role))];
}

export function toMemberSummary(row: MemberRow, staffRoles: readonly string[]): MemberSummary {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    email: row.email,
    class: row.memberClass as MemberClass,
    roles: rolesOf(staffRoles),
    email_confirmed: row.emailConfirmedAt !== null,
    pending_email: row.pendingEmail,
  };
}

/** One member as the signed-in browser may see them; null when there is no such member. */
export async function loadMemberSummary(db: Executor, memberId: number): Promise<MemberSummary | null> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  if (!row) return null;
  const roles = await db.select({ role: memberRoles.role }).from(memberRoles).where(eq(memberRoles.memberId, memberId));
  return toMemberSummary(
    row,
    roles.map((entry) => entry.role),
  );
}
