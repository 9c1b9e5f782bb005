import type { MemberAdminRow, MemberClass } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { memberRoles, members } from '../schema';
import { rolesOf } from './load-member-summary';

/** One member as staff see them in /admin (as listMembers shows each), or null. */
export async function getMemberForStaff(db: Executor, memberId: number): Promise<MemberAdminRow | null> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  if (!row) return null;
  const roles = await db.select({ role: memberRoles.role }).from(memberRoles).where(eq(memberRoles.memberId, memberId));
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    email: row.email,
    class: row.memberClass as MemberClass,
    roles: rolesOf(roles.map((entry) => entry.role)),
    email_confirmed: row.emailConfirmedAt !== null,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}
