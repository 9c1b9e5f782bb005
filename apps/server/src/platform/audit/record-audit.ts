import type { Executor } from '../database/database';
import { auditLog } from './audit-log.schema';

export interface AuditEntry {
  /** The staff member, or null with a label for the command line and jobs. */
  actor: { memberId: number; account: string } | { memberId: null; label: string };
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit entry. Call it with the transaction of the change it describes: a staff
 * write and its entry commit together or not at all.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.memberId,
    actorLabel: entry.actor.memberId === null ? entry.actor.label : entry.actor.account,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
