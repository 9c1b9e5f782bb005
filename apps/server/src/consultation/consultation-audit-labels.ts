import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const consultationAuditLabels: AuditLabels = {
  actions: {
    'consultation-case.assign': '指派諮詢案件',
    'consultation-case.view-personal-data': '檢視諮詢案件提問者的個人資料',
    'consultation-case.reply': '回覆諮詢案件',
    'consultation-case.note': '修改諮詢案件備註',
    'consultation-case.publish': '變更諮詢案件公開設定',
    'consultation-case.withdraw': '提問者撤回諮詢案件',
    'consultation-case.erase-expired': '刪除逾期未送出的諮詢案件',
    'consultation-expert-crop.add': '設定作物負責專家',
    'consultation-expert-crop.remove': '移除作物負責專家',
  },
  entities: {
    'consultation-case': '諮詢案件',
    'consultation-crop': '診斷作物',
    'consultation-level': '診斷層級',
    'consultation-option': '診斷選項',
    'consultation-expert-crop': '作物負責專家',
  },
  fields: {
    reply: '回覆內容',
    replyText: '回覆內容',
    note: '備註',
    staffNote: '工作人員備註',
    expertId: '專家',
    assignedExpertId: '指派專家',
    published: '公開',
    publishedAt: '公開時間',
    recordIds: '附上的病蟲害記錄',
    ipmIds: '附上的 IPM 資料',
    status: '狀態',
  },
};
