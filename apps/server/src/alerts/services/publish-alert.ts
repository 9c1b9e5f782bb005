import { errorCodes } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { Viewer } from '../../platform/auth/viewer';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { AppError } from '../../platform/http/app-error';
import { pestAlerts } from '../schema';
import { alertsTag } from '../alerts-cache-tags';
import { alertNotFound, auditedAlert } from './save-alert';

export const fanOutAlertJob = 'alerts.fan-out';

/**
 * Publishes a draft alert (audited) and queues its fan-out in the same transaction: the first batch
 * of subscribers is sent by the job, which queues the next (decision 0404). Publishing twice is refused.
 */
export async function publishAlert(
  deps: Pick<FeatureContext, 'db' | 'jobs' | 'invalidation'>,
  actor: Viewer,
  id: number,
) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(pestAlerts).where(eq(pestAlerts.id, id)).for('update');
    if (!before) throw AppError.notFound(alertNotFound);
    if (before.status === 'published') throw new AppError(409, errorCodes.conflict, '這則警報已發布');
    const [after] = await tx
      .update(pestAlerts)
      .set({ status: 'published', publishedAt: new Date(), updatedAt: new Date() })
      .where(eq(pestAlerts.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'pest-alert.publish',
      entity: 'pest-alert',
      entityId: id,
      before: auditedAlert(before),
      after: auditedAlert(after!),
    });
    await deps.jobs.enqueue(fanOutAlertJob, { alertId: id, afterId: 0 }, { tx });
  });
  await deps.invalidation.publish([alertsTag]);
}
