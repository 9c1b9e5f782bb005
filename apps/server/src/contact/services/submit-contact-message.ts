import {
  contactCountryLabels,
  contactIndustryLabels,
  contactKindLabels,
  type ContactForm,
  type FeedbackForm,
} from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { listMembersWithRole } from '../../accounts';
import type { Database, Executor } from '../../platform/database/database';
import type { MailOutbox } from '../../platform/mail/mail-outbox';
import { contactMessages } from '../schema';

/** The inbox's address in /admin, for the staff mail's button. */
export const inboxPath = (id: number) => `/admin/contact-messages/${id}`;

export type NewInboxMessage =
  | { kind: 'contact'; key: string; form: ContactForm }
  | { kind: 'feedback'; key: string; form: FeedbackForm; page?: string | undefined };

/**
 * The staff who keep the inbox: every enabled editor and admin, each once, and whether their
 * mail may name the sender (admins alone see who wrote, decision 0299).
 */
async function inboxKeepers(tx: Executor): Promise<Array<{ to: string; personal: boolean }>> {
  const admins = new Set((await listMembersWithRole(tx, 'admin')).map((person) => person.email).filter(Boolean));
  const editors = (await listMembersWithRole(tx, 'editor')).map((person) => person.email).filter(Boolean);
  return [
    ...[...admins].map((to) => ({ to, personal: true })),
    ...[...new Set(editors)].filter((to) => !admins.has(to)).map((to) => ({ to, personal: false })),
  ];
}

function rowOf(input: NewInboxMessage, memberId: number | null): typeof contactMessages.$inferInsert {
  if (input.kind === 'contact') {
    const form = input.form;
    return {
      kind: 'contact',
      idempotencyKey: input.key,
      name: form.name,
      email: form.email,
      companyName: form.company_name,
      industry: form.industry ?? null,
      country: form.country,
      address: form.address ?? null,
      telephone: form.telephone,
      fax: form.fax ?? null,
      website: form.website ?? null,
      title: form.title,
      message: form.message,
      memberId,
    };
  }
  const text = input.form.message.replace(/\s+/g, ' ');
  return {
    kind: 'feedback',
    idempotencyKey: input.key,
    name: input.form.name ?? '',
    email: input.form.email ?? '',
    title: `意見回饋：${text.length > 30 ? `${text.slice(0, 30)}…` : text}`,
    message: input.form.message,
    page: input.page ?? null,
    memberId,
  };
}

function staffParagraphs(row: typeof contactMessages.$inferInsert, personal: boolean): string[] {
  if (!personal) return [`主旨：${row.title}`, '來信者的個人資料僅限管理者在後台檢視；回覆由網站寄出。', row.message];
  const lines = [
    `姓名：${row.name || '（未填）'}`,
    `電子郵件：${row.email || '（未填）'}`,
    ...(row.kind === 'contact'
      ? [
          `公司或單位：${row.companyName}`,
          `國家或地區：${contactCountryLabels[row.country as keyof typeof contactCountryLabels] ?? row.country}`,
          `產業別：${row.industry ? (contactIndustryLabels[row.industry as keyof typeof contactIndustryLabels] ?? row.industry) : '（未填）'}`,
          `電話：${row.telephone}`,
        ]
      : [`頁面：${row.page ?? '（未知）'}`]),
  ];
  return [`主旨：${row.title}`, lines.join('\n'), row.message];
}

/**
 * Receives a contact or feedback message: stored inactive (status 0) and, in
 * the same transaction, a mail to each editor and admin pointing at the inbox. The same key
 * answers the same message and mails nobody again, also when two submits race (the unique key
 * decides; the loser reads the winner's row).
 */
export async function submitContactMessage(
  deps: { db: Database; mail: Pick<MailOutbox, 'compose' | 'queue'> },
  input: NewInboxMessage,
  sender: { memberId: number | null },
): Promise<{ id: number; status: number }> {
  const row = rowOf(input, sender.memberId);
  return deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contactMessages)
      .values(row)
      .onConflictDoNothing({ target: contactMessages.idempotencyKey })
      .returning({ id: contactMessages.id, status: contactMessages.status });
    if (!inserted) {
      const [existing] = await tx
        .select({ id: contactMessages.id, status: contactMessages.status })
        .from(contactMessages)
        .where(eq(contactMessages.idempotencyKey, input.key));
      if (!existing) throw new Error('contact message neither inserted nor found for its key');
      return existing;
    }
    for (const { to, personal } of await inboxKeepers(tx)) {
      await deps.mail.queue(tx, {
        to,
        ...deps.mail.compose({
          subject: `新的${contactKindLabels[input.kind]}訊息：${row.title}`,
          greeting: '管理員您好：',
          paragraphs: [
            `網站收到一則新的${contactKindLabels[input.kind]}訊息（編號 ${inserted.id}）。`,
            ...staffParagraphs(row, personal),
          ],
          action: { label: '到聯絡信箱處理', url: inboxPath(inserted.id) },
        }),
      });
    }
    return inserted;
  });
}

/** Whether a message with this key was received already (its retry needs no new robot check). */
export async function contactMessageExists(db: Database, key: string): Promise<boolean> {
  const [found] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.idempotencyKey, key))
    .limit(1);
  return found !== undefined;
}
