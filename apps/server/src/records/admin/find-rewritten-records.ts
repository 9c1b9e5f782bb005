import { and, eq, inArray } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit-log.schema';
import type { Executor } from '../../platform/database/database';

/**
 * Which of these records staff have rewritten (saved an edit of) since they were added: a demo
 * record's label may then be cleared (decision 0375). Read from the audit log, which every edit writes.
 */
export async function findRewrittenRecords(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: auditLog.entityId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'record'),
        eq(auditLog.action, 'record.update'),
        inArray(
          auditLog.entityId,
          ids.map((id) => String(id)),
        ),
      ),
    );
  return new Set(rows.map((row) => Number(row.id)));
}
