import { z } from 'zod';
import { adminFields, type AdminContract, type SortDirection } from './admin';

/*
 * The admin's list pages (admin.ts describes the resources): the query every list takes, the page
 * it answers, what the viewer may do with a resource, and the parsing of a list's address.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyObject = z.ZodObject<any>;

/** The list query every resource takes besides its own filters. */
export const adminListQuerySchema = z.object({
  page: z.coerce
    .number({ error: '頁碼必須是數字' })
    .int({ error: '頁碼必須是整數' })
    .min(1, { error: '頁碼必須是正整數' })
    .max(100_000, { error: '頁碼過大' })
    .default(1),
  pageSize: z.coerce
    .number({ error: '每頁筆數必須是數字' })
    .int({ error: '每頁筆數必須是整數' })
    .min(5, { error: '每頁至少 5 筆' })
    .max(100, { error: '每頁最多 100 筆' })
    .optional(),
  sort: z.string().max(64).optional(),
  direction: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
});

export interface AdminListQuery<Filters = Record<string, unknown>> {
  page: number;
  pageSize: number;
  sort: { key: string; direction: SortDirection };
  filters: Filters;
}

export interface AdminListPage<Row = Record<string, unknown>> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export const adminListPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

/** What the viewer may do with a resource: the navigation and the screens' buttons follow it. */
export const adminResourceSummarySchema = z
  .object({
    name: z.string(),
    label: z.string(),
    description: z.string().optional(),
    operations: z.object({
      list: z.boolean(),
      get: z.boolean(),
      create: z.boolean(),
      update: z.boolean(),
      remove: z.boolean(),
    }),
    /** The row actions the viewer may run. */
    actions: z.array(z.string()),
    /** Personal fields this viewer's role does not need: blank in every row, shown as a placeholder. */
    hiddenFields: z.array(z.string()).optional(),
    /** Filters this viewer may not use (they search hidden personal fields). */
    hiddenFilters: z.array(z.string()).optional(),
  })
  .meta({ id: 'AdminResourceSummary' });
export type AdminResourceSummary = z.infer<typeof adminResourceSummarySchema>;
export type AdminOperation = keyof AdminResourceSummary['operations'] | 'act';

/**
 * A count the admin home shows on a resource's card (jobs waiting for a retry, mails not yet sent),
 * with the list it stands for.
 */
export const adminFigureSchema = z.object({
  label: z.string(),
  value: z.number().int().min(0),
  /** The list of what is counted: a query on the resource's list (`?state=retry`), or none. */
  query: z.string().optional(),
  /** Shown as needing attention while the value is not 0 (failed jobs). */
  attention: z.boolean().optional(),
});
export type AdminFigure = z.infer<typeof adminFigureSchema>;

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
