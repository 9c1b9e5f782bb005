import type { Role } from '@pest/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { memberRoles, members } from '../schema';

/**
 * Names of members by id (other features show who answered or who is assigned without reading
 * the accounts tables). Unknown ids are left out.
 */
export async function listMemberNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: members.id, name: members.name }).from(members).where(inArray(members.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The enabled members holding a staff role, by name (an expert picker, default assignment, staff mail). */
export async function listMembersWithRole(
  db: Executor,
  role: Exclude<Role, 'member'>,
): Promise<Array<{ id: number; name: string; account: string; email: string }>> {
  return db
    .select({ id: members.id, name: members.name, account: members.account, email: members.email })
    .from(memberRoles)
    .innerJoin(members, eq(members.id, memberRoles.memberId))
    .where(and(eq(memberRoles.role, role), isNull(members.disabledAt)))
    .orderBy(members.name, members.id);
}
