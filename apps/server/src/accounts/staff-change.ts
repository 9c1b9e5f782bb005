import { errorCodes, type Role } from '@pest/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { AuditEntry } from '../platform/audit/record-audit';
import type { Executor } from '../platform/database/database';
import { AppError } from '../platform/http/app-error';
import { memberRoles, members } from './schema';
import { rolesOf } from './services/load-member-summary';

/** Who makes a staff change: a signed-in admin (their viewer) or the command line. */
export type StaffActor = AuditEntry['actor'];

/** The audited state of a member: what a role or status change shows as before and after. */
export async function memberState(tx: Executor, memberId: number): Promise<{ roles: Role[]; disabled: boolean }> {
  const [row] = await tx
    .select({ disabledAt: members.disabledAt })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!row) throw AppError.notFound('找不到此會員');
  const roles = await tx.select({ role: memberRoles.role }).from(memberRoles).where(eq(memberRoles.memberId, memberId));
  return { roles: rolesOf(roles.map((entry) => entry.role)), disabled: row.disabledAt !== null };
}

/** Refuses a change that would leave the site with no enabled admin. */
export async function keepOneAdmin(tx: Executor, losing: number): Promise<void> {
  const [row] = await tx
    .select({ admins: count() })
    .from(memberRoles)
    .innerJoin(members, eq(members.id, memberRoles.memberId))
    .where(and(eq(memberRoles.role, 'admin'), isNull(members.disabledAt)));
  const [own] = await tx
    .select({ id: memberRoles.memberId })
    .from(memberRoles)
    .where(and(eq(memberRoles.memberId, losing), eq(memberRoles.role, 'admin')));
  if (own && (row?.admins ?? 0) <= 1) {
    throw new AppError(409, errorCodes.conflict, '至少要保留一位啟用中的管理者');
  }
}
