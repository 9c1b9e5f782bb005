import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const siteAuditLabels: AuditLabels = {
  entities: { 'system-settings': '系統設定', carousel: '輪播圖片' },
};
