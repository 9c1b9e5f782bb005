import { errorCodes, personalDataMessages } from '@pest/contracts';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import type { PersonalData } from '../../platform/personal-data/personal-data';
import { verifyPassword } from '../password-hash';
import { memberRoles, members } from '../schema';

/**
 * A member deletes their own account (decision 0309): the password first, then, in
 * one transaction, the last-admin rule and every feature's erasure (sessions, tokens, profile,
 * cart, unpublished cases and their photos; published cases anonymised; orders blanked; outbox and
 * audit redacted). A wrong password changes nothing.
 */
export async function deleteOwnAccount(
  db: Executor,
  personalData: PersonalData,
  memberId: number,
  password: string,
): Promise<void> {
  const [row] = await db.select({ passwordHash: members.passwordHash }).from(members).where(eq(members.id, memberId));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw AppError.badRequest(personalDataMessages.wrongPassword);
  }
  await personalData.eraseMember(memberId, {
    reason: 'member-request',
    check: (tx) => refuseLastAdmin(tx, memberId),
  });
}

/** Refuses to erase the only enabled admin; the admins' rows are locked so two admins cannot both leave. */
async function refuseLastAdmin(tx: Executor, memberId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM ${memberRoles} WHERE ${memberRoles.role} = 'admin' FOR UPDATE`);
  const [own] = await tx
    .select({ id: memberRoles.memberId })
    .from(memberRoles)
    .where(and(eq(memberRoles.memberId, memberId), eq(memberRoles.role, 'admin')));
  if (!own) return;
  const [others] = await tx
    .select({ admins: count() })
    .from(memberRoles)
    .innerJoin(members, eq(members.id, memberRoles.memberId))
    .where(and(eq(memberRoles.role, 'admin'), isNull(members.disabledAt), ne(members.id, memberId)));
  if ((others?.admins ?? 0) === 0) throw new AppError(409, errorCodes.conflict, personalDataMessages.lastAdmin);
}
