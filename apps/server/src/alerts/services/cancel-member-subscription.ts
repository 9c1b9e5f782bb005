import { memberAlertCancelInput, memberAlertCancelMessages } from '@pest/contracts';
import { and, eq, notExists } from 'drizzle-orm';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { pushSubscriptions } from '../../platform/push/push.schema';
import { alertSubscriptions } from '../schema';
import { ownSubscriptions } from './own-subscriptions';
import { alertsPushPurpose } from './subscribe-to-alerts';

/**
 * Cancels one of the member's own subscriptions from /member (decision 0426), in one transaction:
 * another's or an unknown id is a 404 with the same words (nobody learns that it exists), and a
 * second click finds nothing and changes nothing. A browser's push subscription for alerts goes too
 * once no alert subscription uses it.
 */
export async function cancelMemberSubscription(deps: Pick<FeatureContext, 'db'>, memberId: number, input: unknown) {
  const parsed = memberAlertCancelInput.safeParse(input);
  if (!parsed.success) throw AppError.notFound(memberAlertCancelMessages.gone);
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(alertSubscriptions)
      .where(and(eq(alertSubscriptions.id, parsed.data.id), await ownSubscriptions(tx, memberId)))
      .returning();
    if (!removed) throw AppError.notFound(memberAlertCancelMessages.gone);
    if (removed.pushSubscriptionId !== null) {
      await tx
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.id, removed.pushSubscriptionId),
            eq(pushSubscriptions.purpose, alertsPushPurpose),
            notExists(
              tx
                .select({ id: alertSubscriptions.id })
                .from(alertSubscriptions)
                .where(eq(alertSubscriptions.pushSubscriptionId, removed.pushSubscriptionId)),
            ),
          ),
        );
    }
    return { id: removed.id };
  });
}
