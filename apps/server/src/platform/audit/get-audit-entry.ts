import type { AuditLogEntry } from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { auditLog } from './audit-log.schema';
import type { AuditVocabulary } from './audit-labels';
import { toAuditLogEntry } from './list-audit-entries';

/** One audit entry with its before and after, or null. */
export async function getAuditEntry(db: Executor, id: number, words: AuditVocabulary): Promise<AuditLogEntry | null> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  return row ? toAuditLogEntry(row, words) : null;
}
