import type { z } from 'zod';
import {
  adminListQuerySchema,
  type AdminContract,
  type AdminField,
  type AdminFieldKind,
  type AdminFieldMeta,
  type AdminListQuery,
  type AdminUpload,
} from './admin';

/*
 * What the admin screens and the server read from an admin contract (admin.ts): each field's label,
 * widget, options and upload from its zod schema, and a list page's query from its address.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyObject = z.ZodObject<any>;

function unwrap(schema: z.ZodType): {
  inner: z.ZodType;
  optional: boolean;
  defaultValue?: unknown;
  meta: Partial<AdminFieldMeta>;
} {
  let current = schema;
  let optional = false;
  let defaultValue: unknown;
  let meta: Partial<AdminFieldMeta> = { ...(current.meta() as Partial<AdminFieldMeta> | undefined) };
  for (;;) {
    const type = current.type;
    if (type === 'optional' || type === 'nullable' || type === 'default' || type === 'prefault') {
      if (type !== 'nullable') optional = true;
      if (type === 'default' && defaultValue === undefined) {
        defaultValue = (current as unknown as { def: { defaultValue: unknown } }).def.defaultValue;
      }
      current = (current as unknown as { def: { innerType: z.ZodType } }).def.innerType;
    } else if (type === 'pipe') {
      current = (current as unknown as { def: { in: z.ZodType } }).def.in;
    } else if (type === 'readonly') {
      current = (current as unknown as { def: { innerType: z.ZodType } }).def.innerType;
    } else break;
    meta = { ...(current.meta() as Partial<AdminFieldMeta> | undefined), ...meta };
  }
  return { inner: current, optional, meta, ...(defaultValue === undefined ? {} : { defaultValue }) };
}

function enumValues(schema: z.ZodType): string[] | null {
  if (schema.type === 'enum') return (schema as z.ZodEnum).options.map(String);
  return null;
}

function kindOf(inner: z.ZodType, meta: Partial<AdminFieldMeta>): AdminFieldKind {
  if (meta.widget) return meta.widget;
  if (enumValues(inner)) return 'select';
  if (inner.type === 'array') {
    const element = unwrap((inner as z.ZodArray<z.ZodType>).element).inner;
    return enumValues(element) ? 'multiselect' : 'json';
  }
  if (inner.type === 'boolean') return 'boolean';
  if (inner.type === 'number' || inner.type === 'int') return 'number';
  if (inner.type === 'date') return 'datetime';
  if (inner.type === 'string') {
    const format = (inner as z.ZodString).format;
    return format === 'datetime' ? 'datetime' : 'text';
  }
  return 'json';
}

/** The fields of an object schema as the admin shows them: label, widget, options, required. */
export function adminFields(schema: AnyObject): AdminField[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const { inner, optional, meta, defaultValue } = unwrap(field);
    const kind = kindOf(inner, meta);
    const values =
      enumValues(inner) ??
      (inner.type === 'array' ? enumValues(unwrap((inner as z.ZodArray<z.ZodType>).element).inner) : null) ??
      [];
    return {
      name,
      label: meta.title ?? name,
      kind,
      // A checkbox is never "required": unticked is a value.
      required: !optional && kind !== 'boolean' && kind !== 'multiselect',
      options: values.map((value) => ({ value, label: meta.optionLabels?.[value] ?? value })),
      ...(typeof defaultValue === 'string' ? { defaultValue } : {}),
      ...(meta.description ? { description: meta.description } : {}),
      ...(kind === 'file' && meta.upload ? { upload: meta.upload } : {}),
    };
  });
}

/** The file fields of a form schema, each with its upload. */
export function adminUploadFields(schema: AnyObject): Array<AdminField & { upload: AdminUpload }> {
  return adminFields(schema).filter((field): field is AdminField & { upload: AdminUpload } =>
    Boolean(field.kind === 'file' && field.upload),
  );
}

/** A raw query (URLSearchParams or a Fastify query object) as one value or several per key. */
export type RawQuery = URLSearchParams | Record<string, string | string[] | undefined>;

function rawEntries(raw: RawQuery): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const add = (key: string, value: string) => values.set(key, [...(values.get(key) ?? []), value]);
  if (raw instanceof URLSearchParams) for (const [key, value] of raw) add(key, value);
  else
    for (const [key, value] of Object.entries(raw)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) add(key, item);
    }
  return values;
}

export type AdminQueryResult<Filters> =
  | { success: true; query: AdminListQuery<Filters> }
  | { success: false; issues: Array<{ path: string; message: string }> };

/**
 * Reads a list query (page, page size, sort, direction and the resource's filters) from an address.
 * Empty values count as absent (a filter form sends every field); an unknown sort key is refused.
 */
export function parseAdminListQuery<Filters extends AnyObject>(
  contract: AdminContract<AnyObject, Filters, AnyObject, AnyObject>,
  raw: RawQuery,
): AdminQueryResult<z.output<Filters>> {
  const entries = rawEntries(raw);
  const fields = new Map(adminFields(contract.filters).map((field) => [field.name, field]));
  const pick = (key: string): unknown => {
    const values = (entries.get(key) ?? []).filter((value) => value !== '');
    if (fields.get(key)?.kind === 'multiselect') return values.length > 0 ? values : undefined;
    return values.at(-1);
  };
  const base = adminListQuerySchema.safeParse({
    page: pick('page'),
    pageSize: pick('pageSize'),
    sort: pick('sort'),
    direction: pick('direction'),
  });
  const filterInput = Object.fromEntries([...fields.keys()].map((key) => [key, pick(key)]));
  const filters = contract.filters.safeParse(filterInput);
  const issues: Array<{ path: string; message: string }> = [];
  if (!base.success)
    issues.push(...base.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  if (!filters.success)
    issues.push(...filters.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  // Checked on the raw value, so it is reported with the query's other problems.
  const rawSort = pick('sort');
  const sortKey = typeof rawSort === 'string' ? rawSort : undefined;
  if (sortKey !== undefined && !contract.sortable.includes(sortKey))
    issues.push({ path: 'sort', message: '無法依此欄位排序' });
  if (!base.success || !filters.success || issues.length > 0) return { success: false, issues };
  return {
    success: true,
    query: {
      page: base.data.page,
      pageSize: base.data.pageSize ?? contract.pageSize ?? 20,
      sort: sortKey
        ? { key: sortKey, direction: base.data.direction ?? 'asc' }
        : { key: contract.defaultSort.key, direction: base.data.direction ?? contract.defaultSort.direction },
      filters: filters.data,
    },
  };
}
