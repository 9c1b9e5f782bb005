import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const contactAuditLabels: AuditLabels = {
  actions: { 'contact-message.reply': '回覆聯絡訊息', 'contact-message.handled': '將聯絡訊息標為已處理' },
  entities: { 'contact-message': '聯絡訊息', 'contact-messages': '聯絡信箱' },
  fields: { status: '處理狀態' },
};
