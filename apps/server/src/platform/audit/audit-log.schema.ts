import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff write, who did it and what changed. Rows are only ever inserted, in
 * the same transaction as the change they describe, so a change and its entry land together.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's id; null for the command line (npm run admin:create) and jobs. */
    actorId: integer('actor_id'),
    /** The actor as shown then (account), kept even when the member is later removed. */
    actorLabel: text('actor_label').notNull(),
    /** A verb-named action such as `member.grant-role` or `record.update`. */
    action: text('action').notNull(),
    /** What was changed: a table-like name and the row's id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  // Actor, action and entity id are indexed for the admin list's search (decision 0431): its distinct
  // values are read one probe each and its matches found without reading the log.
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_actor_idx').on(table.actorLabel),
    index('audit_log_action_idx').on(table.action),
    index('audit_log_entity_id_idx').on(table.entityId),
  ],
);
