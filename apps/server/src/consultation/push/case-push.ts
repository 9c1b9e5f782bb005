import { casePushInput, casePushRemoveInput, consultationFormMessages, type CasePushState } from '@pest/contracts';
import { and, eq, notExists, isNull, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { pushSubscriptions } from '../../platform/push/push.schema';
import { consultationCasePush, consultationCases } from '../schema';
import { followedBy } from '../form/find-followed-case';

type Deps = Pick<FeatureContext, 'db' | 'push'>;

/** The purpose of the consultation's push subscriptions (platform/push). */
export const casePushPurpose = 'consultation-case';

function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  return AppError.invalid(issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

async function followedCase(db: Executor, token: string) {
  const [row] = await db
    .select({ id: consultationCases.id, memberId: consultationCases.memberId, status: consultationCases.status })
    .from(consultationCases)
    .where(followedBy(token));
  if (!row) throw AppError.notFound(consultationFormMessages.followNotFound);
  return row;
}

/**
 * The asker (a member or anyone holding the follow link) asks to be told by push when the case is
 * answered (decision 0401). The subscription is stored with the case's member, so their account's
 * erasure removes it; an anonymous asker's lives as long as the case. Asking twice changes nothing.
 */
export async function subscribeCasePush(deps: Deps, input: unknown): Promise<CasePushState> {
  const parsed = casePushInput.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues);
  return deps.db.transaction(async (tx) => {
    const found = await followedCase(tx, parsed.data.token);
    const subscriptionId = await deps.push.subscribe(tx, parsed.data.subscription, {
      purpose: casePushPurpose,
      memberId: found.memberId,
    });
    await tx.insert(consultationCasePush).values({ caseId: found.id, subscriptionId }).onConflictDoNothing();
    return { subscribed: true };
  });
}

/** Whether this browser (its endpoint) is told about this case. */
export async function getCasePushState(deps: Deps, input: unknown): Promise<CasePushState> {
  const parsed = casePushRemoveInput.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const found = await followedCase(deps.db, parsed.data.token);
  const [row] = await deps.db
    .select({ id: consultationCasePush.subscriptionId })
    .from(consultationCasePush)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, consultationCasePush.subscriptionId))
    .where(
      and(
        eq(consultationCasePush.caseId, found.id),
        eq(pushSubscriptions.endpoint, parsed.data.endpoint),
        eq(pushSubscriptions.purpose, casePushPurpose),
      ),
    );
  return { subscribed: row !== undefined };
}

/**
 * Turns it off for this case; an anonymous subscription that is then asked for nothing is deleted
 * (it was given for this case only).
 */
export async function unsubscribeCasePush(deps: Deps, input: unknown): Promise<CasePushState> {
  const parsed = casePushRemoveInput.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues);
  return deps.db.transaction(async (tx) => {
    const found = await followedCase(tx, parsed.data.token);
    const subscriptionId = await deps.push.findByEndpoint(tx, casePushPurpose, parsed.data.endpoint);
    if (subscriptionId === null) return { subscribed: false };
    await tx
      .delete(consultationCasePush)
      .where(and(eq(consultationCasePush.caseId, found.id), eq(consultationCasePush.subscriptionId, subscriptionId)));
    await removeUnusedAnonymousSubscriptions(tx, [subscriptionId]);
    return { subscribed: false };
  });
}

/** Deletes, of these subscriptions, the anonymous ones no case asks for any more. */
export async function removeUnusedAnonymousSubscriptions(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(pushSubscriptions)
    .where(
      and(
        inArray(pushSubscriptions.id, ids),
        eq(pushSubscriptions.purpose, casePushPurpose),
        isNull(pushSubscriptions.memberId),
        notExists(
          tx
            .select({ one: consultationCasePush.caseId })
            .from(consultationCasePush)
            .where(eq(consultationCasePush.subscriptionId, pushSubscriptions.id)),
        ),
      ),
    );
}

/** The subscriptions told about a case's answer. */
export async function caseSubscriptionIds(tx: Executor, caseId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: consultationCasePush.subscriptionId })
    .from(consultationCasePush)
    .where(eq(consultationCasePush.caseId, caseId));
  return rows.map((row) => row.id);
}
