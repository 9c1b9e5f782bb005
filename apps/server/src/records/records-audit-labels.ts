import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const recordsAuditLabels: AuditLabels = {
  actions: {
    'pesticide-import.apply': '套用農藥資料匯入',
    'pesticide-import.cancel': '取消農藥資料匯入',
    'pesticide-import.roll-back': '還原農藥資料匯入',
  },
  entities: { record: '病蟲害資料', 'record-picture': '病蟲害照片', 'pesticide-import': '農藥資料匯入' },
  fields: { demo: '示範資料', state: '狀態' },
};
