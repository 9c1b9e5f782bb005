import { randomBytes } from 'node:crypto';
import { accountSchema, emailSchema, memberNameSchema } from '@pest/contracts';
import { eq, like } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Database } from '../../platform/database/database';
import type { AccountsSettings } from '../accounts-settings';
import { hashPassword } from '../password-hash';
import { memberRoles, members } from '../schema';
import { issueOneTimeToken } from './issue-one-time-token';
import { refreshMemberSearch } from './refresh-member-search';
import { endMemberSessions } from './end-member-sessions';

export interface CreatedAdmin {
  memberId: number;
  account: string;
  /** False when the e-mail belonged to a member already, who now holds the admin role. */
  created: boolean;
  /** A one-time link to set the password (valid for 30 minutes, single use). */
  resetLink: string;
}

/**
 * `npm run admin:create`: makes the member with this e-mail an admin, creating the member first
 * when there is none (with an unusable password and the address taken as confirmed: the operator
 * typed it). Audited with the actor label 'cli'. Answers a one-time link to set the password.
 */
export async function createAdmin(
  db: Database,
  settings: AccountsSettings,
  input: { email: string; account?: string | undefined; name?: string | undefined },
): Promise<CreatedAdmin> {
  const email = emailSchema.parse(input.email);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const actor = { memberId: null, label: 'cli' } as const;
    let [member] = await tx.select().from(members).where(eq(members.email, email));
    const created = member === undefined;
    if (!member) {
      let account = accountSchema.parse(input.account ?? email.split('@')[0]?.replace(/[^a-z0-9._@-]/g, '') ?? 'admin');
      if (input.account === undefined) {
        // The e-mail's local part may be taken: admin, admin2, admin3 …
        const taken = new Set(
          (
            await tx
              .select({ account: members.account })
              .from(members)
              .where(like(members.account, `${account}%`))
          ).map((row) => row.account),
        );
        for (let suffix = 2; taken.has(account); suffix += 1) account = `${account.replace(/\d+$/, '')}${suffix}`;
      }
      const name = memberNameSchema.parse(input.name ?? account);
      [member] = await tx
        .insert(members)
        .values({ account, name, email, passwordHash: unusable, emailConfirmedAt: new Date() })
        .returning();
      if (!member) throw new Error('the new member was not returned');
      await refreshMemberSearch(tx, [member.id]);
      await recordAudit(tx, {
        actor,
        action: 'member.create',
        entity: 'member',
        entityId: member.id,
        after: { account, name, email },
      });
    }
    const inserted = await tx
      .insert(memberRoles)
      .values({ memberId: member.id, role: 'admin' })
      .onConflictDoNothing()
      .returning({ role: memberRoles.role });
    if (inserted.length > 0) {
      await endMemberSessions(tx, member.id);
      await recordAudit(tx, {
        actor,
        action: 'member.grant-role',
        entity: 'member',
        entityId: member.id,
        after: { role: 'admin' },
      });
    }
    const token = await issueOneTimeToken(tx, member.id, 'reset-password', settings.oneTimeTokenMs);
    return {
      memberId: member.id,
      account: member.account,
      created,
      resetLink: `${settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    };
  });
}
