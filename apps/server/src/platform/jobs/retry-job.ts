import { errorCodes } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../database/database';
import { AppError } from '../http/app-error';
import { inTransaction, jobSchema, queryRows, type BackgroundJobs } from './background-jobs';

/**
 * Puts a failed job back in the queue (the retry button in /admin), audited in the same transaction.
 * Why: decision 0144.
 */
export async function retryJob(
  db: Database,
  jobs: BackgroundJobs,
  viewer: Pick<Viewer, 'memberId' | 'account'>,
  id: string,
): Promise<{ id: string; state: 'retry' }> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ name: string; state: string; retry_count: number }>(
      tx,
      sql`select name, state, retry_count from ${sql.raw(`${jobSchema}.job`)} where id = ${id}::uuid for update`,
    );
    const job = rows[0];
    if (!job) throw AppError.notFound('找不到此工作');
    if (job.state !== 'failed') throw new AppError(409, errorCodes.conflict, '只有失敗的工作可以重試');
    if (!jobs.names().includes(job.name)) {
      throw new AppError(409, errorCodes.conflict, '這種工作已不再使用，無法重試');
    }
    await jobs.bossForAdmin().retry(job.name, id, { db: inTransaction(tx) });
    await recordAudit(tx, {
      actor: { memberId: viewer.memberId, account: viewer.account },
      action: 'job.retry',
      entity: 'job',
      entityId: id,
      before: { name: job.name, state: job.state, retryCount: job.retry_count },
      after: { name: job.name, state: 'retry' },
    });
    return { id, state: 'retry' as const };
  });
}
