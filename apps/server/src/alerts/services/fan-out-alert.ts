import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { alertDeliveries, alertSubscriptions, pestAlerts } from '../schema';
import { fanOutAlertJob } from './publish-alert';
import { sendLineAlerts } from './send-line-alerts';
import { siteLink } from './subscribe-to-alerts';

/** Subscriptions one fan-out job handles: short transactions, whatever the number of subscribers. */
export const fanOutBatchSize = 500;

/**
 * One batch of an alert's fan-out (decision 0404): the next subscriptions of its crop and counties
 * after `afterId`, each person (channel and target) recorded in `alert_deliveries` first — a person
 * already there (a retried batch, a second county) is skipped — then their mail and push queued,
 * and the next batch's job, all in one transaction. 100,000 subscribers are 200 short jobs. Its
 * LINE people are pushed after the commit (decision 0421: at most once, LINE's 429 stops).
 */
export async function fanOutAlert(
  deps: Pick<FeatureContext, 'db' | 'jobs' | 'mail' | 'push' | 'env' | 'log'>,
  payload: { alertId: number; afterId: number },
  batchSize = fanOutBatchSize,
): Promise<{ delivered: number; more: boolean }> {
  const done = await deps.db.transaction(async (tx) => {
    const [alert] = await tx.select().from(pestAlerts).where(eq(pestAlerts.id, payload.alertId));
    if (!alert || alert.status !== 'published') return { delivered: 0, more: false, line: null };
    const batch = await tx
      .select()
      .from(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.cropId, alert.cropId),
          inArray(alertSubscriptions.county, alert.counties),
          isNotNull(alertSubscriptions.confirmedAt),
          gt(alertSubscriptions.id, payload.afterId),
        ),
      )
      .orderBy(asc(alertSubscriptions.id))
      .limit(batchSize);
    if (batch.length === 0) return { delivered: 0, more: false, line: null };
    const people = new Map(batch.map((row) => [`${row.channel}\n${row.target}`, row]));
    const fresh = await tx
      .insert(alertDeliveries)
      .values([...people.values()].map((row) => ({ alertId: alert.id, channel: row.channel, target: row.target })))
      .onConflictDoNothing()
      .returning({ channel: alertDeliveries.channel, target: alertDeliveries.target });
    const told = fresh.map((row) => people.get(`${row.channel}\n${row.target}`)!);
    const links = [
      ...(alert.recordId
        ? [`病蟲害資料：${siteLink(deps.env.publicUrl, `search/bug/detail?id=${alert.recordId}`)}`]
        : []),
      ...(alert.ipmId ? [`IPM 防治資料：${siteLink(deps.env.publicUrl, `IPM/detail?id=${alert.ipmId}`)}`] : []),
    ];
    for (const row of told.filter((person) => person.channel === 'email')) {
      const unsubscribeUrl = siteLink(deps.env.publicUrl, `alerts/unsubscribe?token=${row.unsubscribeToken}`);
      await deps.mail.queue(tx, {
        to: row.target,
        unsubscribeUrl,
        ...deps.mail.compose({
          subject: `病蟲害警報：${alert.cropName}（${alert.counties.join('、')}）`,
          greeting: '您好：',
          paragraphs: [alert.text, ...(links.length > 0 ? [links.join('\n')] : [])],
          action: { label: '查看警報', url: siteLink(deps.env.publicUrl, '') },
          notes: [`您訂閱了「${alert.cropName}」${row.county}的病蟲害警報。不想再收到：${unsubscribeUrl}`],
        }),
      });
    }
    const pushIds = told.flatMap((row) =>
      row.channel === 'push' && row.pushSubscriptionId ? [row.pushSubscriptionId] : [],
    );
    await deps.push.notify(tx, pushIds, {
      title: `病蟲害警報：${alert.cropName}`,
      body: alert.text.slice(0, 300),
      path: alert.recordId ? `/search/bug/detail?id=${alert.recordId}` : '/',
      tag: `alert-${alert.id}`,
    });
    const more = batch.length === batchSize;
    if (more) await deps.jobs.enqueue(fanOutAlertJob, { alertId: alert.id, afterId: batch.at(-1)!.id }, { tx });
    const line = told.filter((row) => row.channel === 'line').map((row) => row.target);
    return { delivered: told.length, more, line: { alert, targets: line, links } };
  });
  const { line, ...result } = done;
  if (line) await sendLineAlerts(deps, line.alert, line.targets, line.links);
  return result;
}
