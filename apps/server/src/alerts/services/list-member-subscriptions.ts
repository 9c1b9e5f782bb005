import type { MemberAlertSubscription } from '@pest/contracts';
import { asc, desc } from 'drizzle-orm';
import { listCropVocabulary } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { alertSubscriptions } from '../schema';
import { ownSubscriptions } from './own-subscriptions';

/** The member's own alert subscriptions (decision 0426), newest first, with the crop's name as the vocabulary has it now. */
export async function listMemberSubscriptions(db: Executor, memberId: number): Promise<MemberAlertSubscription[]> {
  const rows = await db
    .select()
    .from(alertSubscriptions)
    .where(await ownSubscriptions(db, memberId))
    .orderBy(desc(alertSubscriptions.createdAt), asc(alertSubscriptions.cropId), asc(alertSubscriptions.id));
  const crops = new Map(
    (await listCropVocabulary(db, [...new Set(rows.map((row) => row.cropId))])).map((crop) => [crop.id, crop.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    crop: crops.get(row.cropId) ?? `作物 ${row.cropId}`,
    county: row.county,
    email: row.channel === 'email' ? row.target : null,
    confirmed: row.confirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}
