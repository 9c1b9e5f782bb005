import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { findMemberIdentity, lineSubjectKind } from '../../discussion';
import type { Executor } from '../../platform/database/database';
import { definePersonalDataPart } from '../../platform/personal-data/personal-data-part';
import { alertDeliveries, alertSubscriptions } from '../schema';

const lineRowsOf = (identityId: number) =>
  and(eq(alertSubscriptions.channel, 'line'), eq(alertSubscriptions.lineIdentityId, identityId))!;

async function exportRows(db: Executor, where: SQL) {
  const rows = await db.select().from(alertSubscriptions).where(where).orderBy(asc(alertSubscriptions.id));
  return {
    sections: {
      subscriptions: rows.map((row) => ({
        channel: row.channel,
        crop_id: row.cropId,
        county: row.county,
        ...(row.channel === 'email' ? { email: row.target } : {}),
        ...(row.channel === 'line' ? { line_user_id: row.target } : {}),
        confirmed_at: row.confirmedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      })),
    },
    files: [],
  };
}

/** Deletes subscriptions and, for LINE ones, the record of whom alerts were sent to (their LINE user id). */
async function eraseRows(tx: Executor, where: SQL) {
  const removed = await tx.delete(alertSubscriptions).where(where).returning();
  const lineIds = [...new Set(removed.filter((row) => row.channel === 'line').map((row) => row.target))];
  if (lineIds.length > 0) {
    await tx
      .delete(alertDeliveries)
      .where(and(eq(alertDeliveries.channel, 'line'), inArray(alertDeliveries.target, lineIds)));
  }
  return removed;
}

/** The member's rows: made while signed in, or by the LINE identity linked to the member. */
async function memberRows(db: Executor, memberId: number): Promise<SQL> {
  const identity = await findMemberIdentity(db, memberId);
  const own = eq(alertSubscriptions.memberId, memberId);
  return identity ? or(own, lineRowsOf(identity.id))! : own;
}

/**
 * A member's alert subscriptions (decision 0403): those made while signed in, and those of their
 * linked LINE identity. The download lists them; the erasure deletes them and hands their
 * addresses to the outbox's redaction. A LINE-only person's (a discussion identity, decision 0420)
 * go into that person's download and erasure.
 */
export const alertsPersonalData = definePersonalDataPart({
  exportFor: async (db, memberId) => exportRows(db, await memberRows(db, memberId)),
  async eraseFor(tx, memberId) {
    const removed = await eraseRows(tx, await memberRows(tx, memberId));
    return {
      addresses: [...new Set(removed.filter((row) => row.channel === 'email').map((row) => row.target))],
    };
  },
  subjectRows: {
    [lineSubjectKind]: {
      exportFor: (db, identityId) => exportRows(db, lineRowsOf(identityId)),
      async eraseFor(tx, identityId) {
        await eraseRows(tx, lineRowsOf(identityId));
      },
    },
  },
});
