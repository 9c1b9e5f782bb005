import { z } from 'zod';
import { memberClassLabels, memberClasses } from './accounts-vocabulary';
import { defineAdminContract } from './admin';
import { roleLabels, roles, staffRoles } from './roles';

/** Members in /admin: search, filter by role, disable or enable, grant or remove staff roles. */
export const membersAdminContract = defineAdminContract({
  name: 'members',
  group: 'people',
  label: '會員',
  description: '搜尋會員、依角色篩選、停用或啟用帳號、授予或移除工作人員角色。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    account: z.string().meta({ title: '帳號' }),
    name: z.string().meta({ title: '姓名' }),
    email: z.string().meta({ title: '電子郵件' }),
    class: z.enum(memberClasses).meta({ title: '關注類別', optionLabels: memberClassLabels }),
    roles: z.array(z.enum(roles)).meta({ title: '角色', optionLabels: roleLabels }),
    email_confirmed: z.boolean().meta({ title: '已確認電子郵件' }),
    disabled: z.boolean().meta({ title: '已停用' }),
    created_at: z.iso.datetime({ offset: true }).meta({ title: '註冊時間' }),
    last_login_at: z.iso.datetime({ offset: true }).nullable().meta({ title: '最後登入' }),
  }),
  idKey: 'id',
  titleKey: 'account',
  columns: ['account', 'name', 'email', 'roles', 'disabled', 'last_login_at'],
  personalFields: ['name', 'email'],
  personalFilters: ['q'],
  sortable: ['account', 'name', 'last_login_at'],
  defaultSort: { key: 'id', direction: 'asc' },
  filters: z.object({
    q: z.string().trim().max(100, { error: '最多 100 個字' }).optional().meta({ title: '帳號、姓名或電子郵件' }),
    role: z.enum(roles, { error: '不明的角色' }).optional().meta({ title: '角色', optionLabels: roleLabels }),
  }),
  update: z.object({
    roles: z
      .array(z.enum(staffRoles, { error: '不明的角色' }))
      .default([])
      .meta({
        title: '工作人員角色',
        optionLabels: roleLabels,
        description: '每個人都是會員；此處勾選另外授予的角色。角色變更後，該會員需重新登入。',
      }),
    disabled: z
      .boolean()
      .default(false)
      .meta({ title: '停用帳號', description: '停用後該會員立即登出，且無法再登入。' }),
  }),
  actions: [
    { name: 'disable', label: '停用', doneMessage: '已停用此帳號。', when: { key: 'disabled', equals: false } },
    { name: 'enable', label: '啟用', doneMessage: '已啟用此帳號。', when: { key: 'disabled', equals: true } },
  ],
});
