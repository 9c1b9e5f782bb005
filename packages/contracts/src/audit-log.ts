import { z } from 'zod';
import { defineAdminContract } from './admin';

const filterText = (title: string) => z.string().trim().max(100, { error: '最多 100 個字' }).optional().meta({ title });

/** One entry of the audit log (platform table audit_log): who did what to which row, before and after. */
export const auditLogEntrySchema = z
  .object({
    id: z.number().int().meta({ title: '編號' }),
    at: z.iso.datetime({ offset: true }).meta({ title: '時間' }),
    actorLabel: z.string().meta({ title: '操作者' }),
    /** The action and the entity in the staff's words (each feature's `auditLabels`, decision 0379). */
    actionLabel: z.string().meta({ title: '動作' }),
    entityLabel: z.string().meta({ title: '對象' }),
    entityId: z.string().meta({ title: '對象編號' }),
    action: z.string().meta({ title: '動作代碼' }),
    entity: z.string().meta({ title: '對象代碼' }),
    /** The Chinese name of each key of before and after that has one. */
    fieldLabels: z.record(z.string(), z.string()).meta({ title: '欄位名稱', widget: 'json' }),
    before: z.unknown().meta({ title: '變更前', widget: 'json' }),
    after: z.unknown().meta({ title: '變更後', widget: 'json' }),
  })
  .meta({ id: 'AuditLogEntry' });
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** The audit log in /admin: read-only, newest first, searchable by actor, action and entity. */
export const auditLogAdminContract = defineAdminContract({
  name: 'audit-log',
  group: 'system',
  label: '稽核紀錄',
  description: '每一筆工作人員的異動：誰、何時、做了什麼、變更前後。',
  row: auditLogEntrySchema,
  idKey: 'id',
  titleKey: 'actionLabel',
  columns: ['at', 'actorLabel', 'actionLabel', 'entityLabel', 'entityId'],
  sortable: ['at', 'actorLabel', 'action', 'entity'],
  defaultSort: { key: 'at', direction: 'desc' },
  compare: { before: 'before', after: 'after', labels: 'fieldLabels' },
  filters: z.object({
    q: filterText('關鍵字'),
    actor: filterText('操作者'),
    entity: filterText('對象'),
  }),
});
