import { alertLineSubscribeInput, alertLineUnsubscribeInput, errorCodes } from '@pest/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { resolveCrop } from '../../crops';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { alertSubscriptions } from '../schema';

/** The LINE identity the server verified for the request (the discussion session), or null. */
export interface LineSubscriber {
  id: number;
  lineUserId: string;
  memberId: number | null;
  demo: boolean;
}

const signInNeeded = () => new AppError(401, errorCodes.unauthorized, '請先以 LINE 登入專家討論區，再訂閱 LINE 警報');

function parsed<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  if (result.success) return result.data;
  throw AppError.invalid(result.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })));
}

/**
 * Subscribes the request's verified LINE identity to a crop in some counties (decision 0420): no
 * confirmation (LINE verified the person), each county once; the body names no LINE user id (the
 * contract refuses one), so nobody can subscribe someone else's LINE account.
 */
export async function subscribeByLine(deps: Pick<FeatureContext, 'db'>, input: unknown, who: LineSubscriber | null) {
  if (!who) throw signInNeeded();
  const data = parsed(alertLineSubscribeInput.safeParse(input));
  await deps.db.transaction(async (tx) => {
    const crop = await resolveCrop(tx, data.crop);
    if (!crop) throw AppError.invalid([{ path: 'crop', message: `找不到作物「${data.crop}」` }]);
    await tx
      .insert(alertSubscriptions)
      .values(
        [...new Set(data.counties)].map((county) => ({
          channel: 'line' as const,
          cropId: crop.id,
          county,
          target: who.lineUserId,
          lineIdentityId: who.id,
          memberId: who.memberId,
          unsubscribeToken: randomBytes(32).toString('base64url'),
          confirmedAt: new Date(),
        })),
      )
      .onConflictDoNothing();
  });
  return { status: 'subscribed' as const };
}

/** Ends the request's LINE identity's subscriptions: one crop's (every county), or all of them. */
export async function unsubscribeByLine(deps: Pick<FeatureContext, 'db'>, input: unknown, who: LineSubscriber | null) {
  if (!who) throw signInNeeded();
  const data = parsed(alertLineUnsubscribeInput.safeParse(input ?? {}));
  const conditions: SQL[] = [eq(alertSubscriptions.channel, 'line'), eq(alertSubscriptions.lineIdentityId, who.id)];
  if (data.crop) {
    const crop = await resolveCrop(deps.db, data.crop);
    if (!crop) return { removed: 0 };
    conditions.push(eq(alertSubscriptions.cropId, crop.id));
  }
  const removed = await deps.db
    .delete(alertSubscriptions)
    .where(and(...conditions))
    .returning({ id: alertSubscriptions.id });
  return { removed: removed.length };
}
