import { alertEmailSubscribeInput, alertPushSubscribeInput, alertTokenInput } from '@pest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { resolveCrop } from '../../crops';
import type { Executor } from '../../platform/database/database';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { alertSubscriptions } from '../schema';

type Deps = Pick<FeatureContext, 'db' | 'mail' | 'push' | 'env'>;

/** The purpose of the alerts' push subscriptions (platform/push). */
export const alertsPushPurpose = 'alerts';
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  return AppError.invalid(issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

async function cropOf(db: Executor, name: string) {
  const crop = await resolveCrop(db, name);
  if (!crop) throw AppError.invalid([{ path: 'crop', message: `找不到作物「${name}」` }]);
  return crop;
}

/** A link of the site, below PUBLIC_URL. */
export const siteLink = (publicUrl: string, path: string) => new URL(path, publicUrl.replace(/\/?$/, '/')).href;

/**
 * Subscribes an address to a crop in some counties (decision 0403). Nothing is sent to it before
 * its owner opens the confirmation link the mail carries; an address already confirmed for a county
 * keeps that row. The answer is the same whether the address was known or not.
 */
export async function subscribeByEmail(deps: Deps, input: unknown, memberId: number | null) {
  const parsed = alertEmailSubscribeInput.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const { counties, email } = parsed.data;
  const address = email.trim().toLowerCase();
  await deps.db.transaction(async (tx) => {
    const crop = await cropOf(tx, parsed.data.crop);
    const token = newToken();
    const added = await tx
      .insert(alertSubscriptions)
      .values(
        [...new Set(counties)].map((county) => ({
          channel: 'email' as const,
          cropId: crop.id,
          county,
          target: address,
          memberId,
          confirmTokenHash: hashToken(token),
          unsubscribeToken: newToken(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: alertSubscriptions.id });
    // Rows waiting from an earlier request take this request's link too: the newest mail works.
    await tx
      .update(alertSubscriptions)
      .set({ confirmTokenHash: hashToken(token) })
      .where(
        and(
          eq(alertSubscriptions.channel, 'email'),
          eq(alertSubscriptions.target, address),
          eq(alertSubscriptions.cropId, crop.id),
          isNull(alertSubscriptions.confirmedAt),
        ),
      );
    if (added.length === 0) return;
    await deps.mail.queue(tx, {
      to: address,
      ...deps.mail.compose({
        subject: `請確認訂閱「${crop.name}」病蟲害警報`,
        greeting: '您好：',
        paragraphs: [
          `有人以這個電子郵件訂閱作物病蟲害資訊網的「${crop.name}」病蟲害警報（${counties.join('、')}）。`,
          '請按下方按鈕確認；未確認前不會寄送任何警報。如果不是您本人訂閱，請忽略這封信。',
        ],
        action: { label: '確認訂閱', url: siteLink(deps.env.publicUrl, `alerts/confirm?token=${token}`) },
      }),
    });
  });
  return { status: 'confirm-sent' as const };
}

/** The confirmation link: its rows start receiving alerts. */
export async function confirmEmailSubscription(deps: Pick<FeatureContext, 'db'>, input: unknown) {
  const parsed = alertTokenInput.safeParse(input);
  if (!parsed.success) throw AppError.notFound('確認連結無效或已使用');
  const confirmed = await deps.db
    .update(alertSubscriptions)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(eq(alertSubscriptions.confirmTokenHash, hashToken(parsed.data.token)))
    .returning({ id: alertSubscriptions.id });
  if (confirmed.length === 0) throw AppError.notFound('確認連結無效或已使用');
  return { confirmed: confirmed.length };
}

/**
 * One click from an alert mail (its link or the mail client's List-Unsubscribe-Post, RFC 8058): the
 * person stops receiving that crop's alerts, in every county they chose. Unknown tokens answer the
 * same, so the link can be clicked twice.
 */
export async function unsubscribeFromAlerts(deps: Pick<FeatureContext, 'db'>, input: unknown) {
  const parsed = alertTokenInput.safeParse(input);
  if (!parsed.success) throw AppError.notFound('取消訂閱連結無效');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.unsubscribeToken, parsed.data.token));
    if (!row) return { removed: 0 };
    const removed = await tx
      .delete(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.channel, row.channel),
          eq(alertSubscriptions.target, row.target),
          eq(alertSubscriptions.cropId, row.cropId),
        ),
      )
      .returning({ id: alertSubscriptions.id });
    return { removed: removed.length };
  });
}

/** Subscribes this browser by push (the person just allowed notifications: no confirmation mail needed). */
export async function subscribeByPush(deps: Deps, input: unknown, memberId: number | null) {
  const parsed = alertPushSubscribeInput.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues);
  await deps.db.transaction(async (tx) => {
    const crop = await cropOf(tx, parsed.data.crop);
    const subscriptionId = await deps.push.subscribe(tx, parsed.data.subscription, {
      purpose: alertsPushPurpose,
      memberId,
    });
    await tx
      .insert(alertSubscriptions)
      .values(
        [...new Set(parsed.data.counties)].map((county) => ({
          channel: 'push' as const,
          cropId: crop.id,
          county,
          target: String(subscriptionId),
          pushSubscriptionId: subscriptionId,
          memberId,
          unsubscribeToken: newToken(),
          confirmedAt: new Date(),
        })),
      )
      .onConflictDoNothing();
  });
  return { status: 'subscribed' as const };
}
