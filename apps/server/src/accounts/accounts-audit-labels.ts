import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const accountsAuditLabels: AuditLabels = {
  actions: {
    'member.set-access': '設定會員權限',
    'member.grant-role': '授予角色',
    'member.revoke-role': '撤銷角色',
    'member.erase': '刪除會員個人資料',
  },
  entities: { member: '會員' },
  fields: {
    account: '帳號',
    roles: '角色',
    disabled: '已停用',
    disabledAt: '停用時間',
    email: '電子郵件',
    name: '姓名',
    memberId: '會員編號',
  },
};
