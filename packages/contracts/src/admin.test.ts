import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminActionApplies, defineAdminContract, isAdminContract } from './admin';
import { adminFields, parseAdminListQuery } from './admin-schema-reading';
import { auditLogAdminContract } from './audit-log';
import { membersAdminContract } from './members-admin';

const contract = defineAdminContract({
  name: 'things',
  label: '項目',
  row: z.object({ id: z.number().meta({ title: '編號' }), title: z.string().meta({ title: '標題' }) }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['title'],
  sortable: ['title'],
  defaultSort: { key: 'id', direction: 'desc' },
  filters: z.object({
    q: z.string().trim().max(5, { error: '最多 5 個字' }).optional().meta({ title: '關鍵字' }),
    kind: z
      .enum(['a', 'b'])
      .optional()
      .meta({ title: '種類', optionLabels: { a: '甲', b: '乙' } }),
    tags: z
      .array(z.enum(['x', 'y']))
      .optional()
      .meta({ title: '標籤' }),
  }),
});

describe('admin contracts', () => {
  it('reads each field of a schema as the forms show it: label, control, options, required, default', () => {
    expect(adminFields(membersAdminContract.update!)).toEqual([
      {
        name: 'roles',
        label: '工作人員角色',
        kind: 'multiselect',
        required: false,
        options: [
          { value: 'expert', label: '專家' },
          { value: 'editor', label: '編輯' },
          { value: 'admin', label: '管理者' },
        ],
        description: expect.stringContaining('每個人都是會員'),
      },
      {
        name: 'disabled',
        label: '停用帳號',
        kind: 'boolean',
        required: false,
        options: [],
        description: expect.any(String),
      },
    ]);
    const row = new Map(adminFields(auditLogAdminContract.row).map((field) => [field.name, field]));
    expect(row.get('at')).toMatchObject({ kind: 'datetime', label: '時間', required: true });
    expect(row.get('before')).toMatchObject({ kind: 'json', label: '變更前' });
    expect(adminFields(contract.filters).map((field) => [field.name, field.kind, field.required])).toEqual([
      ['q', 'text', false],
      ['kind', 'select', false],
      ['tags', 'multiselect', false],
    ]);
    expect(adminFields(contract.filters)[1]?.options).toEqual([
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ]);
  });

  it('reads a list query: defaults, empty values as absent, several values for a multiple choice', () => {
    const params = new URLSearchParams('q=&kind=b&tags=x&tags=y&page=2&sort=title&direction=desc');
    expect(parseAdminListQuery(contract, params)).toEqual({
      success: true,
      query: {
        page: 2,
        pageSize: 20,
        sort: { key: 'title', direction: 'desc' },
        filters: { kind: 'b', tags: ['x', 'y'] },
      },
    });
    expect(parseAdminListQuery(contract, {})).toMatchObject({
      success: true,
      query: { page: 1, sort: { key: 'id', direction: 'desc' }, filters: {} },
    });
  });

  it('refuses an unknown sort column, a bad page and a bad filter, field by field in Chinese', () => {
    const result = parseAdminListQuery(contract, { sort: 'id', page: '0', q: '超過五個字了', kind: 'c' });
    expect(result.success).toBe(false);
    expect(!result.success && result.issues.map((issue) => issue.path)).toEqual(['page', 'q', 'kind', 'sort']);
    expect(!result.success && result.issues.find((issue) => issue.path === 'sort')?.message).toBe('無法依此欄位排序');
  });

  it('knows its own kind and when a row action applies', () => {
    expect(isAdminContract(contract)).toBe(true);
    expect(isAdminContract({ name: 'x' })).toBe(false);
    const [disable, enable] = membersAdminContract.actions!;
    expect(adminActionApplies(disable!, { disabled: false })).toBe(true);
    expect(adminActionApplies(enable!, { disabled: false })).toBe(false);
  });
});
