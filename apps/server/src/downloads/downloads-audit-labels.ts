import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const downloadsAuditLabels: AuditLabels = {
  entities: { 'catalog-type': '下載分類', 'catalog-detail': '下載檔案' },
  fields: { ids: '順序' },
};
