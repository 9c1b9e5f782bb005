import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../platform/database/database';
import type { MailOutbox } from '../../platform/mail/mail-outbox';
import type { PersonalData } from '../../platform/personal-data/personal-data';
import { memberRoles, members } from '../schema';

const dayMs = 24 * 60 * 60 * 1000;
/** An account never confirmed and never used is erased this long after registration… */
export const unusedAccountDays = 30;
/** …after a warning mailed this long before. */
export const unusedWarningDays = 7;

/**
 * The daily retention of accounts (decision 0311): a member who never confirmed the
 * e-mail address and never used the account (no order, case or post — each feature's `isUsedBy`)
 * is warned once by mail 23 days after registering, and erased at 30 days if still unconfirmed and
 * unused, the warning at least 7 days old. Staff accounts are never erased this way.
 * Returns how many were warned and erased.
 */
export async function eraseUnusedAccounts(
  deps: { db: Database; mail: Pick<MailOutbox, 'compose' | 'queue'>; personalData: PersonalData },
  now = new Date(),
): Promise<{ warned: number; erased: number }> {
  const { db, mail, personalData } = deps;
  const unconfirmedMembers = (before: Date) =>
    db
      .select({
        id: members.id,
        name: members.name,
        email: members.email,
        warnedAt: members.unusedWarningSentAt,
      })
      .from(members)
      .where(
        and(
          isNull(members.emailConfirmedAt),
          lt(members.createdAt, before),
          notExists(
            db
              .select({ one: sql`1` })
              .from(memberRoles)
              .where(eq(memberRoles.memberId, members.id)),
          ),
        ),
      );
  let warned = 0;
  let erased = 0;
  const eraseAt = new Date(now.getTime() - unusedAccountDays * dayMs);
  for (const member of await unconfirmedMembers(
    new Date(now.getTime() - (unusedAccountDays - unusedWarningDays) * dayMs),
  )) {
    if (await personalData.isUsed(db, member.id)) continue;
    if (!member.warnedAt) {
      await db.transaction(async (tx) => {
        // Claimed in the transaction that queues the mail: a second run finds it set and sends nothing.
        const [claimed] = await tx
          .update(members)
          .set({ unusedWarningSentAt: now })
          .where(and(eq(members.id, member.id), isNull(members.unusedWarningSentAt)))
          .returning({ id: members.id });
        if (!claimed) return;
        await mail.queue(tx, {
          to: member.email,
          ...mail.compose({
            subject: '您的會員帳號將在 7 天後刪除',
            greeting: `${member.name} 您好：`,
            paragraphs: [
              '您註冊的會員帳號尚未確認電子郵件，也沒有使用紀錄。依本網站的隱私權政策，這樣的帳號會在註冊 30 天後刪除。',
              '若要保留帳號，請在 7 天內登入會員專區並確認電子郵件。',
            ],
            action: { label: '前往會員專區', url: '/member' },
            notes: ['若您沒有註冊過本網站，請忽略此信，帳號會自動刪除。'],
          }),
        });
      });
      warned += 1;
      continue;
    }
    const warningOld = member.warnedAt.getTime() <= now.getTime() - unusedWarningDays * dayMs;
    const [registered] = await db
      .select({ createdAt: members.createdAt })
      .from(members)
      .where(eq(members.id, member.id));
    if (!warningOld || !registered || registered.createdAt >= eraseAt) continue;
    await personalData
      .eraseMember(member.id, {
        reason: 'unused-account',
        // Confirmed or given a staff role since the list was read: kept.
        check: async (tx) => {
          const [still] = await tx
            .select({ id: members.id })
            .from(members)
            .where(and(eq(members.id, member.id), isNull(members.emailConfirmedAt)))
            .for('update');
          if (!still) throw new KeptAccount();
        },
      })
      .then(
        () => {
          erased += 1;
        },
        (error: unknown) => {
          if (!(error instanceof KeptAccount)) throw error;
        },
      );
  }
  return { warned, erased };
}

class KeptAccount extends Error {}
