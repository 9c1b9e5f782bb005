import type { AdminListPage, AdminListQuery, AuditLogEntry, auditLogAdminContract } from '@pest/contracts';
import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../database/database';
import { auditLog } from './audit-log.schema';
import { adminListPage, adminPageOffset } from '../admin/admin-list-count';
import { valuesMatching } from '../admin/admin-list-search';
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

/**
 * The distinct values of an indexed column, one index probe each (a loose index scan): the log's
 * actors, actions and entities are a few hundred values over a million rows.
 */
async function distinctValues(db: Executor, column: AnyColumn): Promise<string[]> {
  const name = sql.identifier(column.name);
  const result = (await db.execute(sql`
    with recursive found(value) as (
      (select ${name} from audit_log order by ${name} limit 1)
      union all
      select (select ${name} from audit_log where ${name} > found.value order by ${name} limit 1)
      from found where found.value is not null
    )
    select value from found where value is not null`)) as unknown as { rows?: Array<{ value: string }> };
  return (result.rows ?? []).map((row) => row.value);
}

/**
 * The log's keyword, actor and entity filters (decision 0431): each term is matched in memory,
 * normalised, against the log's actors, actions and entities and their Chinese words, and the log
 * is then read by `in (…)` through its indexes; a keyword is also an entity's id, exactly.
 */
async function filterConditions(db: Executor, filters: Filters, words: AuditVocabulary): Promise<SQL[]> {
  const { q, actor, entity } = filters;
  if (!q && !actor && !entity) return [];
  const [actors, actions, entities] = await Promise.all([
    q || actor ? distinctValues(db, auditLog.actorLabel) : [],
    q ? distinctValues(db, auditLog.action) : [],
    q || entity ? distinctValues(db, auditLog.entity) : [],
  ]);
  const entityWords = entities.map((value): [string, string[]] => [value, [words.entity(value) ?? '']]);
  const conditions: SQL[] = [];
  if (q) {
    conditions.push(
      or(
        inArray(
          auditLog.actorLabel,
          valuesMatching(
            q,
            actors.map((value) => [value, []]),
          ),
        ),
        inArray(
          auditLog.action,
          valuesMatching(
            q,
            actions.map((value) => [value, [words.action(value) ?? '']]),
          ),
        ),
        inArray(auditLog.entity, valuesMatching(q, entityWords)),
        eq(auditLog.entityId, q.trim()),
      )!,
    );
  }
  if (actor)
    conditions.push(
      inArray(
        auditLog.actorLabel,
        valuesMatching(
          actor,
          actors.map((value) => [value, []]),
        ),
      ),
    );
  if (entity) conditions.push(inArray(auditLog.entity, valuesMatching(entity, entityWords)));
  return conditions;
}

/** One page of the audit log, filtered by keyword, actor and entity, in the asked order (ties: newest first). */
export async function listAuditEntries(
  db: Executor,
  query: AdminListQuery<Filters>,
  words: AuditVocabulary,
): Promise<AdminListPage<AuditLogEntry>> {
  const conditions = await filterConditions(db, query.filters, words);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = sortColumns[query.sort.key as keyof typeof sortColumns] ?? auditLog.at;
  const direction = query.sort.direction === 'asc' ? asc : desc;
  // Entries written within the clock's resolution share `at`: their ids keep the order asked for.
  const order = [direction(column), direction(auditLog.id)];
  // A page skips its offset (at most 10,000, decision 0430) over the ids alone, then reads only its
  // own rows' before and after.
  const page = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(adminPageOffset(query));
  const rows = await db
    .select()
    .from(auditLog)
    .where(inArray(auditLog.id, page))
    .orderBy(...order);
  return adminListPage(
    db,
    query,
    rows.map((row) => toAuditLogEntry(row, words)),
    db.select({ id: auditLog.id }).from(auditLog).where(where),
  );
}
