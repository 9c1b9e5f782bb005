import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const cropsAuditLabels: AuditLabels = {
  entities: { crop: '作物' },
};
