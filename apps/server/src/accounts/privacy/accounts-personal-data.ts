import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import { recordAudit } from '../../platform/audit/record-audit';
import { definePersonalDataPart } from '../../platform/personal-data/personal-data-part';
import { accountTokens, loginFailures, memberRoles, members, sessions } from '../schema';

/**
 * The accounts feature's part in a member's rights (decision 0307): the profile, roles, signed-in
 * devices and recent failed sign-ins go into the download; erasing deletes the member row (its
 * roles, sessions, bearer tokens and one-time links go with it by foreign key) and the failed
 * sign-ins counted against the account, which frees the account name and e-mail address.
 */
export const accountsPersonalData = definePersonalDataPart({
  async exportFor(db, memberId) {
    const [member] = await db.select().from(members).where(eq(members.id, memberId));
    if (!member) return { sections: {}, files: [] };
    const roles = await db
      .select({ role: memberRoles.role, grantedAt: memberRoles.grantedAt })
      .from(memberRoles)
      .where(eq(memberRoles.memberId, memberId));
    const devices = await db
      .select({
        kind: sessions.kind,
        remember: sessions.remember,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.memberId, memberId));
    const failures = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(or(eq(loginFailures.account, member.account), eq(loginFailures.account, member.email)));
    return {
      sections: {
        profile: {
          account: member.account,
          name: member.name,
          email: member.email,
          email_confirmed_at: member.emailConfirmedAt,
          news_class: member.memberClass,
          roles: roles.map((row) => ({ role: row.role, granted_at: row.grantedAt })),
          disabled_at: member.disabledAt,
          created_at: member.createdAt,
          updated_at: member.updatedAt,
        },
        'sign-in-history': {
          last_sign_in_at: member.lastLoginAt,
          signed_in_devices: devices.map((row) => ({
            kind: row.kind,
            remember: row.remember,
            signed_in_at: row.createdAt,
            last_seen_at: row.lastSeenAt,
            expires_at: row.expiresAt,
          })),
          // Failed sign-ins are kept only for the lockout window (15 minutes).
          recent_failed_sign_ins: failures.map((row) => ({ at: row.at })),
        },
      },
      files: [],
    };
  },
  async eraseFor(tx, memberId, { reason }) {
    const [member] = await tx
      .select({ account: members.account, email: members.email, name: members.name })
      .from(members)
      .where(eq(members.id, memberId));
    if (!member) return;
    // Addresses a pending e-mail change or confirmation link was mailed to.
    const pending = await tx
      .select({ email: accountTokens.email })
      .from(accountTokens)
      .where(eq(accountTokens.memberId, memberId));
    await tx
      .delete(loginFailures)
      .where(or(eq(loginFailures.account, member.account), eq(loginFailures.account, member.email)));
    await tx.delete(members).where(eq(members.id, memberId));
    // What stays of the account: that it was erased, when and why (no name, no address).
    await recordAudit(tx, {
      actor: { memberId: null, label: reason === 'member-request' ? '會員本人' : '未使用帳號的保存期限' },
      action: 'member.erase',
      entity: 'member',
      entityId: memberId,
      after: { reason },
    });
    return {
      addresses: [member.email, ...pending.flatMap((row) => (row.email ? [row.email] : []))],
      identifyingTexts: [member.account, member.name],
      auditEntities: [{ entity: 'member', entityId: memberId }],
    };
  },
});

/** Whether the member's e-mail address was confirmed: other features match rows by address only then. */
export async function confirmedEmailOf(db: Executor, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: members.email, confirmed: members.emailConfirmedAt })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.confirmed ? row.email : null;
}
