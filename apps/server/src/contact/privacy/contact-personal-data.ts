import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { confirmedEmailOf } from '../../accounts';
import type { Executor } from '../../platform/database/database';
import { definePersonalDataPart } from '../../platform/personal-data/personal-data-part';
import { contactMessages } from '../schema';

/**
 * A member's messages (decision 0307): those sent while signed in, and those sent from the
 * member's address once it was confirmed — an unconfirmed address proves nothing, so nobody reads
 * or erases another person's messages by registering with their address.
 */
async function membersMessages(db: Executor, memberId: number): Promise<SQL> {
  const email = await confirmedEmailOf(db, memberId);
  const signedIn = eq(contactMessages.memberId, memberId);
  return email ? or(signedIn, eq(sql`lower(${contactMessages.email})`, email.toLowerCase()))! : signedIn;
}

/** The contact inbox's part in a member's rights: their messages are exported, and erased with the staff replies. */
export const contactPersonalData = definePersonalDataPart({
  async exportFor(db, memberId) {
    const rows = await db
      .select()
      .from(contactMessages)
      .where(await membersMessages(db, memberId))
      .orderBy(asc(contactMessages.id));
    return {
      sections: {
        messages: rows.map((row) => ({
          kind: row.kind,
          name: row.name,
          email: row.email,
          company_name: row.companyName,
          industry: row.industry,
          country: row.country,
          address: row.address,
          telephone: row.telephone,
          fax: row.fax,
          website: row.website,
          title: row.title,
          message: row.message,
          page: row.page,
          reply: row.reply,
          replied_at: row.repliedAt,
          created_at: row.createdAt,
        })),
      },
      files: [],
    };
  },
  async eraseFor(tx, memberId) {
    const deleted = await tx
      .delete(contactMessages)
      .where(await membersMessages(tx, memberId))
      .returning({
        id: contactMessages.id,
        email: contactMessages.email,
        name: contactMessages.name,
        telephone: contactMessages.telephone,
      });
    return {
      addresses: deleted.map((row) => row.email),
      identifyingTexts: deleted.flatMap((row) => [row.name, row.telephone]),
      auditEntities: deleted.map((row) => ({ entity: 'contact-message', entityId: row.id })),
    };
  },
});
