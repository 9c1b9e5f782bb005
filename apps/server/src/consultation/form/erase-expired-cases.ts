import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/record-audit';
import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { removeWrittenMailFiles } from '../../platform/mail/redact-outbox';
import { consultationCases } from '../schema';
import { eraseConsultationCase } from './erase-consultation-case';

/** The date `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Retention (decision 0306): cases not published erase their personal data and photos
 * `months` after the answer, or after submission when never answered — the withdrawal's erase, run
 * by the daily job. One case per transaction, locked rows skipped (another run has them).
 * Returns how many were erased.
 */
export async function eraseExpiredCases(
  deps: Pick<FeatureContext, 'db' | 'invalidation' | 'mail'>,
  months: number,
  now = new Date(),
): Promise<number> {
  const cutoff = monthsBefore(now, months);
  const since = sql`coalesce(${consultationCases.repliedAt}, ${consultationCases.submittedAt}, ${consultationCases.createdAt})`;
  const expired = and(
    inArray(consultationCases.status, ['submitted', 'answered']),
    isNull(consultationCases.publishedAt),
    lt(since, cutoff),
  );
  const candidates = await deps.db.select({ id: consultationCases.id }).from(consultationCases).where(expired);
  let erased = 0;
  for (const { id } of candidates) {
    const result = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(consultationCases)
        .where(and(expired, sql`${consultationCases.id} = ${id}`))
        .for('update', { skipLocked: true });
      if (!row) return null;
      const done = await eraseConsultationCase(tx, row, { keepPublishedExample: false });
      await recordAudit(tx, {
        actor: { memberId: null, label: 'consultation.erase-expired' },
        action: 'consultation-case.erase-expired',
        entity: 'consultation-case',
        entityId: id,
        before: { status: row.status, months },
      });
      return done;
    });
    if (!result) continue;
    erased += 1;
    await deps.invalidation.publish(result.tags);
    await removeWrittenMailFiles(deps.mail.outboxDir, result.writtenMailIds);
  }
  return erased;
}
