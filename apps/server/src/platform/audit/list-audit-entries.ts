import type { AdminListPage, AdminListQuery, AuditLogEntry, auditLogAdminContract } from '@pest/contracts';
import { and, asc, count, desc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../database/database';
import { auditLog } from './audit-log.schema';
import { containsPattern } from '../database/contains-pattern';
import type { AuditVocabulary } from './audit-labels';

type Filters = z.output<(typeof auditLogAdminContract)['filters']>;

const sortColumns = {
  at: auditLog.at,
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  entity: auditLog.entity,
} as const;

/** An entry in the staff's words: the action, the entity and the fields by their Chinese names (decision 0379). */
export function toAuditLogEntry(row: typeof auditLog.$inferSelect, words: AuditVocabulary): AuditLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorLabel: row.actorLabel,
    actionLabel: words.action(row.action) ?? row.action,
    entityLabel: words.entity(row.entity) ?? row.entity,
    entityId: row.entityId,
    action: row.action,
    entity: row.entity,
    fieldLabels: words.fieldLabels(row.before, row.after),
    before: row.before,
    after: row.after,
  };
}

/** One page of the audit log, filtered by keyword, actor and entity, in the asked order (ties: newest first). */
export async function listAuditEntries(
  db: Executor,
  query: AdminListQuery<Filters>,
  words: AuditVocabulary,
): Promise<AdminListPage<AuditLogEntry>> {
  const conditions: SQL[] = [];
  const { q, actor, entity } = query.filters;
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(auditLog.actorLabel, pattern),
        ilike(auditLog.action, pattern),
        ilike(auditLog.entity, pattern),
        ilike(auditLog.entityId, pattern),
      )!,
    );
  }
  if (actor) conditions.push(ilike(auditLog.actorLabel, containsPattern(actor)));
  if (entity) conditions.push(ilike(auditLog.entity, containsPattern(entity)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? auditLog.at;
  const direction = query.sort.direction === 'asc' ? asc : desc;
  // Entries written within the clock's resolution share `at`: their ids keep the order asked for.
  const order = [direction(column), direction(auditLog.id)];
  // A deep page skips its offset over the ids alone, then reads only its own rows' before and after.
  const page = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.id, page))
      .orderBy(...order),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map((row) => toAuditLogEntry(row, words)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
