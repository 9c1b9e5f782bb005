import { asc, eq } from 'drizzle-orm';
import { definePersonalDataPart } from '../../platform/personal-data/personal-data-part';
import { alertSubscriptions } from '../schema';

/**
 * A member's alert subscriptions (decision 0403): those made while signed in. The download lists
 * them; the erasure deletes them and hands their addresses to the outbox's redaction.
 */
export const alertsPersonalData = definePersonalDataPart({
  async exportFor(db, memberId) {
    const rows = await db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.memberId, memberId))
      .orderBy(asc(alertSubscriptions.id));
    return {
      sections: {
        subscriptions: rows.map((row) => ({
          channel: row.channel,
          crop_id: row.cropId,
          county: row.county,
          ...(row.channel === 'email' ? { email: row.target } : {}),
          confirmed_at: row.confirmedAt?.toISOString() ?? null,
          created_at: row.createdAt.toISOString(),
        })),
      },
      files: [],
    };
  },
  async eraseFor(tx, memberId) {
    const removed = await tx.delete(alertSubscriptions).where(eq(alertSubscriptions.memberId, memberId)).returning();
    return { addresses: [...new Set(removed.filter((row) => row.channel === 'email').map((row) => row.target))] };
  },
});
