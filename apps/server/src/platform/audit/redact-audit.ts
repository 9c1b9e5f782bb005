import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../database/database';
import { auditLog } from './audit-log.schema';

/** The fields of an audit entry's before/after data that hold a person's data, by key (any feature's naming). */
const personalKeys = new Set(
  [
    'name',
    'account',
    'email',
    'phone',
    'telephone',
    'mobile',
    'address',
    'fax',
    'message',
    'askerName',
    'askerEmail',
    'askerPhone',
    'asker_name',
    'asker_email',
    'asker_phone',
    'displayName',
    'display_name',
    'username',
    'company_name',
    'companyName',
    // Free text a person wrote, and what was written back to them.
    'title',
    'describe',
    'description',
    'note',
    'content',
    'reply',
    'reply_text',
    'replyText',
    'reply_html',
    'replyHtml',
    'staffNote',
    'staff_note',
    'userpic',
    'pictureUrl',
    'picture_url',
  ].map((key) => key.toLowerCase()),
);

/** What a blanked value reads as in /admin's comparison. */
export const redactedValue = '（已刪除）';

export interface AuditRedaction {
  /** The person's member id: entries they made as staff keep the entry but not their account name. */
  actorId?: number | null;
  /** Entries about these rows have every personal field blanked. */
  entities?: Array<{ entity: string; entityId: string | number }>;
  /** Texts that identify the person (e-mail address, account, name): blanked wherever they appear. */
  texts?: string[];
}

/**
 * Blanks a person's data in the audit log in the caller's transaction: each entry
 * stays as the record that something changed (who acted, when, what kind of change, on which row),
 * while the personal fields of its before/after data and any value holding one of the person's
 * texts read `（已刪除）`. Returns how many entries were changed.
 */
export async function redactAuditFor(tx: Executor, redaction: AuditRedaction): Promise<number> {
  const texts = [...new Set((redaction.texts ?? []).map((text) => text.trim()).filter((text) => text.length >= 2))];
  const entities = redaction.entities ?? [];
  const conditions: SQL[] = [];
  for (const { entity, entityId } of entities) {
    conditions.push(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)))!);
  }
  for (const text of texts) {
    const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(
      ilike(sql`coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, '')`, pattern),
    );
  }
  let changed = 0;
  if (redaction.actorId != null) {
    const relabelled = await tx
      .update(auditLog)
      .set({ actorLabel: redactedValue })
      .where(eq(auditLog.actorId, redaction.actorId))
      .returning({ id: auditLog.id });
    changed += relabelled.length;
  }
  if (conditions.length === 0) return changed;
  const rows = await tx
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(or(...conditions));
  const lowered = texts.map((text) => text.toLowerCase());
  for (const row of rows) {
    const whole = entities.some((target) => target.entity === row.entity && String(target.entityId) === row.entityId);
    const blank = (value: unknown) => blankPersonal(value, { whole, texts: lowered });
    await tx
      .update(auditLog)
      .set({ before: blank(row.before), after: blank(row.after) })
      .where(eq(auditLog.id, row.id));
    changed += 1;
  }
  return changed;
}

/** A copy of `value` with personal keys (all of them when `whole`) and values holding a text blanked. */
function blankPersonal(value: unknown, options: { whole: boolean; texts: string[] }, key?: string): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map((item) => blankPersonal(item, options, key));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [
        name,
        blankPersonal(item, options, name),
      ]),
    );
  }
  if (typeof value !== 'string') return value;
  if (options.whole && key !== undefined && personalKeys.has(key.toLowerCase())) return redactedValue;
  // A name or account is blanked where it is the whole value (a short Chinese name is part of many
  // words); an e-mail address wherever it appears (a mail's text, a list of recipients).
  const lower = value.trim().toLowerCase();
  const holds = (text: string) => lower === text || (text.includes('@') && lower.includes(text));
  return options.texts.some(holds) ? redactedValue : value;
}
