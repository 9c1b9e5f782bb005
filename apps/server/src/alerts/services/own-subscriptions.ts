import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { confirmedEmailOf } from '../../accounts';
import { findMemberIdentity } from '../../discussion';
import type { Executor } from '../../platform/database/database';
import { pushSubscriptions } from '../../platform/push/push.schema';
import { alertSubscriptions } from '../schema';

/**
 * Which alert subscriptions are a member's (decision 0426), the one rule for /member's list, its
 * 取消, the download and the erasure: e-mail ones made while signed in or sent to the member's
 * confirmed address (an unconfirmed one proves nothing); push ones made while signed in or of a
 * browser subscription the member holds; LINE ones of the identity linked to the member now (an
 * unlinked identity is its own person again, decision 0420).
 */
export async function ownSubscriptions(db: Executor, memberId: number): Promise<SQL> {
  // One after the other: inside a transaction they share one connection.
  const email = await confirmedEmailOf(db, memberId);
  const identity = await findMemberIdentity(db, memberId);
  const own = eq(alertSubscriptions.memberId, memberId);
  const memberPush = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));
  const byChannel: SQL[] = [
    and(
      eq(alertSubscriptions.channel, 'email'),
      email ? or(own, eq(alertSubscriptions.target, email.toLowerCase())) : own,
    )!,
    and(eq(alertSubscriptions.channel, 'push'), or(own, inArray(alertSubscriptions.pushSubscriptionId, memberPush)))!,
  ];
  if (identity) {
    byChannel.push(and(eq(alertSubscriptions.channel, 'line'), eq(alertSubscriptions.lineIdentityId, identity.id))!);
  }
  return or(...byChannel)!;
}
