import { adminFields, type AdminContract } from '@pest/contracts';

/**
 * The audit log's words for what a feature writes to it (decision 0379): each feature declares
 * them in its manifest (`auditLabels`). An action `<entity>.<verb>` is named by its own label, or
 * else by its verb's and its entity's (`record.update` → 修改病蟲害資料).
 */
export interface AuditLabels {
  /** Whole actions whose name says more than a verb and an entity (`member.set-access`). */
  actions?: Record<string, string>;
  /** Entities (`record`, `consultation-case`). */
  entities?: Record<string, string>;
  /** Verbs (`create`, `publish`), for actions not named whole; `{}` places the entity (調整{}順序). */
  verbs?: Record<string, string>;
  /** Keys of before and after that no admin contract names (`c_name` is named by the records' form). */
  fields?: Record<string, string>;
}

/** The platform's own: its actions, its entities and the verbs every feature shares. */
export const platformAuditLabels: AuditLabels = {
  actions: { 'view-personal-data': '檢視個人資料', 'job.retry': '重試背景工作' },
  entities: { job: '背景工作', 'admin-create-key': '新增表單' },
  verbs: {
    create: '新增',
    update: '修改',
    delete: '刪除',
    remove: '移除',
    add: '加入',
    publish: '發布',
    unpublish: '取消發布',
    reorder: '調整{}順序',
    move: '移動',
    hide: '隱藏',
    show: '顯示',
    enable: '啟用',
    disable: '停用',
    retry: '重試',
    erase: '刪除個人資料',
    'clear-demo': '取消示範資料標示',
  },
  fields: { id: '編號', fields: '欄位', created_at: '建立時間', updated_at: '最後更新' },
};

/** Every feature's labels merged, with the field names of every admin contract's forms and rows. */
export class AuditVocabulary {
  readonly actions = new Map<string, string>();
  readonly entities = new Map<string, string>();
  readonly verbs = new Map<string, string>();
  readonly fields = new Map<string, string>();

  constructor(labels: readonly AuditLabels[], contracts: readonly AdminContract[] = []) {
    for (const contract of contracts) {
      // A resource's name is an entity too: the personal-data view names the resource it read.
      this.entities.set(contract.name, contract.label);
      for (const schema of [contract.row, contract.create, contract.update]) {
        if (!schema) continue;
        // The first contract to name a key wins: a form's label over a later list's.
        for (const field of adminFields(schema)) {
          if (!this.fields.has(field.name)) this.fields.set(field.name, field.label);
        }
      }
    }
    for (const set of labels) {
      for (const [key, label] of Object.entries(set.actions ?? {})) this.actions.set(key, label);
      for (const [key, label] of Object.entries(set.entities ?? {})) this.entities.set(key, label);
      for (const [key, label] of Object.entries(set.verbs ?? {})) this.verbs.set(key, label);
      // Declared names are deliberate: they win over a contract's title.
      for (const [key, label] of Object.entries(set.fields ?? {})) this.fields.set(key, label);
    }
  }

  /** The action in words, or null when neither it nor its verb and entity are named. */
  action(action: string): string | null {
    const whole = this.actions.get(action);
    if (whole) return whole;
    const dot = action.lastIndexOf('.');
    if (dot <= 0) return null;
    const verb = this.verbs.get(action.slice(dot + 1));
    const entity = this.entity(action.slice(0, dot));
    if (!verb || !entity) return null;
    return verb.includes('{}') ? verb.replace('{}', entity) : `${verb}${entity}`;
  }

  /** The entity in words (`discussion.question` as 討論區問題), or null. */
  entity(entity: string): string | null {
    return this.entities.get(entity) ?? null;
  }

  /** The names of the keys of a before and after that have one. */
  fieldLabels(...values: unknown[]): Record<string, string> {
    const labels: Record<string, string> = {};
    for (const value of values) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      for (const key of Object.keys(value)) {
        const label = this.fields.get(key);
        if (label) labels[key] = label;
      }
    }
    return labels;
  }
}
