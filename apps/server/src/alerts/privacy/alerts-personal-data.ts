import { and, asc, eq, inArray, notExists, or, type SQL } from 'drizzle-orm';
import { listCropVocabulary } from '../../crops';
import { lineSubjectKind } from '../../discussion';
import type { Executor } from '../../platform/database/database';
import { definePersonalDataPart } from '../../platform/personal-data/personal-data-part';
import { alertDeliveries, alertSubscriptions } from '../schema';
import { ownSubscriptions } from '../services/own-subscriptions';

const lineRowsOf = (identityId: number) =>
  and(eq(alertSubscriptions.channel, 'line'), eq(alertSubscriptions.lineIdentityId, identityId))!;

async function exportRows(db: Executor, where: SQL) {
  const rows = await db.select().from(alertSubscriptions).where(where).orderBy(asc(alertSubscriptions.id));
  const crops = new Map(
    (await listCropVocabulary(db, [...new Set(rows.map((row) => row.cropId))])).map((crop) => [crop.id, crop.name]),
  );
  return {
    sections: {
      subscriptions: rows.map((row) => ({
        channel: row.channel,
        crop_id: row.cropId,
        crop: crops.get(row.cropId) ?? null,
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

/**
 * Deletes subscriptions and the record of whom alerts were sent to by them (an address, a LINE
 * user id, a browser's subscription id), so nothing of the person stays in `alert_deliveries`;
 * a target someone else still subscribes keeps its record, so a retried batch tells it nothing twice.
 */
async function eraseRows(tx: Executor, where: SQL) {
  const removed = await tx.delete(alertSubscriptions).where(where).returning();
  const sentTo = (channel: string) => [
    ...new Set(removed.filter((row) => row.channel === channel).map((row) => row.target)),
  ];
  const deliveries = (['email', 'push', 'line'] as const)
    .map((channel) => ({ channel, targets: sentTo(channel) }))
    .filter(({ targets }) => targets.length > 0)
    .map(({ channel, targets }) =>
      and(eq(alertDeliveries.channel, channel), inArray(alertDeliveries.target, targets))!,
    );
  if (deliveries.length === 0) return removed;
  const stillSubscribed = tx
    .select({ id: alertSubscriptions.id })
    .from(alertSubscriptions)
    .where(
      and(
        eq(alertSubscriptions.channel, alertDeliveries.channel),
        eq(alertSubscriptions.target, alertDeliveries.target),
      ),
    );
  await tx.delete(alertDeliveries).where(and(or(...deliveries), notExists(stillSubscribed)));
  return removed;
}

/**
 * A member's alert subscriptions (decisions 0403, 0426), by the rule /member lists them with
 * (`ownSubscriptions`): the download lists them; the erasure deletes them and hands their
 * addresses to the outbox's redaction. A LINE-only person's (a discussion identity, decision 0420)
 * go into that person's download and erasure.
 */
export const alertsPersonalData = definePersonalDataPart({
  exportFor: async (db, memberId) => exportRows(db, await ownSubscriptions(db, memberId)),
  async eraseFor(tx, memberId) {
    const removed = await eraseRows(tx, await ownSubscriptions(tx, memberId));
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
