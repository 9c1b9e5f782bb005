import { eq, sql } from 'drizzle-orm';
import { discussionSettings, lineRetryKey, sendLinePush } from '../../discussion';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { pestAlerts } from '../schema';

/**
 * Sends one batch's alert to its LINE people (decision 0421), one Messaging API push each, after
 * the batch's deliveries are committed (each person is told at most once). LINE's 429 (the
 * channel's monthly quota or its rate limit) stops the alert's LINE sending: this batch's rest and
 * every later batch are counted on the alert (`line_unsent`, shown in /admin) instead of retried,
 * so a spent quota is never hammered. Any other failure counts that one message. No LINE user id
 * is logged.
 */
export async function sendLineAlerts(
  deps: Pick<FeatureContext, 'db' | 'env' | 'log'>,
  alert: { id: number; text: string; cropName: string; counties: string[] },
  targets: string[],
  links: string[],
): Promise<{ sent: number; unsent: number }> {
  if (targets.length === 0) return { sent: 0, unsent: 0 };
  const settings = discussionSettings(deps.env);
  const [row] = await deps.db
    .select({ stoppedAt: pestAlerts.lineStoppedAt })
    .from(pestAlerts)
    .where(eq(pestAlerts.id, alert.id));
  const text = [`病蟲害警報：${alert.cropName}（${alert.counties.join('、')}）`, alert.text, ...links].join('\n');
  let sent = 0;
  let stopped = !settings.messagingToken || Boolean(row?.stoppedAt);
  let failed = 0;
  for (const to of targets) {
    if (stopped) break;
    const result = await sendLinePush(settings, {
      to,
      text,
      retryKey: lineRetryKey(`alert:${alert.id}:${to}`),
    }).catch(() => ({ status: 0, sent: false }));
    if (result.sent) sent += 1;
    else if (result.status === 429) stopped = true;
    else failed += 1;
  }
  const unsent = targets.length - sent;
  if (unsent > 0) {
    await deps.db
      .update(pestAlerts)
      .set({
        lineUnsent: sql`${pestAlerts.lineUnsent} + ${unsent}`,
        ...(stopped && settings.messagingToken
          ? { lineStoppedAt: sql`coalesce(${pestAlerts.lineStoppedAt}, now())` }
          : {}),
      })
      .where(eq(pestAlerts.id, alert.id));
    deps.log.warn(
      { alertId: alert.id, unsent, failed, quotaStopped: stopped && Boolean(settings.messagingToken) },
      'pest alert: LINE messages not sent',
    );
  }
  return { sent, unsent };
}
