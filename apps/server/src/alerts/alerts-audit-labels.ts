import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379). */
export const alertsAuditLabels: AuditLabels = {
  actions: {
    'pest-alert.create': '新增病蟲害警報',
    'pest-alert.update': '修改病蟲害警報',
    'pest-alert.delete': '刪除病蟲害警報',
    'pest-alert.publish': '發布病蟲害警報',
  },
  entities: { 'pest-alert': '病蟲害警報' },
};
