import { adminFields, adminHiddenPersonalText, type AdminField } from '@pest/contracts';
import {
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/admin-list-route';
import { adminContract } from './admin-contracts';
import { AdminErrorPage } from './admin-error-page';
import { adminCall } from './admin-errors';
import { AdminRowActions } from './admin-row-actions';
import { adminValueText } from './admin-value';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const contract = adminContract(params.resource);
  const query = new URL(request.url).searchParams;
  const [resource, page] = await adminCall(request, () =>
    Promise.all([context.admin.allow(contract.name, 'list'), context.admin.list(contract.name, query)]),
  );
  return { resource, page };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, { title: data ? `${data.resource.label} - 管理` : '管理' });

type Row = Record<string, unknown>;
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

/** The address of this list with some query parameters changed (an empty value removes one). */
function withParams(search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : '?';
}

function FilterField({ field, value }: { field: AdminField; value: string }) {
  const id = `filter-${field.name}`;
  if (field.kind === 'select' || field.kind === 'multiselect' || field.kind === 'boolean') {
    const all = field.defaultValue === undefined;
    const options =
      field.kind === 'boolean'
        ? [
            { value: 'true', label: '是' },
            { value: 'false', label: '否' },
          ]
        : field.options;
    return (
      <p className="admin-filter">
        <label htmlFor={id}>{field.label}</label>
        <select id={id} name={field.name} defaultValue={value || field.defaultValue || ''}>
          {all ? <option value="">全部</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </p>
    );
  }
  return (
    <p className="admin-filter">
      <label htmlFor={id}>{field.label}</label>
      <input id={id} name={field.name} type="search" defaultValue={value} maxLength={100} />
    </p>
  );
}

/**
 * A resource's list, generated from its contract: filters as a GET form, columns sortable on the
 * server by links (every control works without JavaScript), and server-side pages.
 */
export default function AdminListRoute({ loaderData }: Route.ComponentProps) {
  const { resource, page } = loaderData;
  const contract = adminContract(resource.name);
  const [search] = useSearchParams();
  const rowFields = useMemo(() => new Map(adminFields(contract.row).map((field) => [field.name, field])), [contract]);
  // A filter through personal fields the viewer's role does not need is not offered (decision 0299).
  const filterFields = useMemo(
    () => adminFields(contract.filters).filter((field) => !resource.hiddenFilters?.includes(field.name)),
    [contract, resource.hiddenFilters],
  );
  const hiddenFields = new Set(resource.hiddenFields ?? []);
  const sortKey = search.get('sort') ?? contract.defaultSort.key;
  const direction = search.get('direction') ?? (search.get('sort') ? 'asc' : contract.defaultSort.direction);

  const columns = useMemo<Array<ColumnDef<typeof features, Row>>>(
    () =>
      contract.columns.map((key) => ({
        id: key,
        accessorFn: (row: Row) => row[key],
        header: rowFields.get(key)?.label ?? key,
        enableSorting: contract.sortable.includes(key),
      })),
    [contract, rowFields],
  );
  const table = useTable({
    features,
    columns,
    data: page.rows,
    manualSorting: true,
    manualPagination: true,
    rowCount: page.total,
    state: {
      sorting: [{ id: sortKey, desc: direction === 'desc' }],
      pagination: { pageIndex: page.page - 1, pageSize: page.pageSize },
    },
  });
  const idKey = contract.idKey;
  const filtered = filterFields.some(
    (field) => search.get(field.name) && search.get(field.name) !== field.defaultValue,
  );
  const doneKey = search.get('done') ?? '';
  const done =
    doneKey === 'deleted' ? '已刪除。' : contract.actions?.find((action) => action.name === doneKey)?.doneMessage;
  const here = `/admin/${resource.name}?${new URLSearchParams([...search].filter(([key]) => key !== 'done'))}`;
  const hasActions = resource.actions.length > 0;
  // A filtered list's create form starts with the filter's values (a record's pictures: that record).
  const createFields = new Set(contract.create ? adminFields(contract.create).map((field) => field.name) : []);
  const prefilled = new URLSearchParams(
    filterFields.flatMap((field) => {
      const value = search.get(field.name);
      return value && createFields.has(field.name) ? [[field.name, value]] : [];
    }),
  ).toString();
  const createDefaults = prefilled ? `?${prefilled}` : '';

  return (
    <>
      <div className="admin-heading">
        <h1 className="page-title">{resource.label}</h1>
        <p className="admin-heading__actions">
          {contract.listLinks?.map((link) => (
            <Link key={link.href} to={link.href} className="button">
              {link.label}
            </Link>
          ))}
          {resource.operations.create ? (
            <Link to={`/admin/${resource.name}/new${createDefaults}`} className="button button--primary">
              新增{resource.label}
            </Link>
          ) : null}
        </p>
      </div>
      {resource.description ? <p className="admin-description">{resource.description}</p> : null}
      {filterFields.length > 0 ? (
        <Form method="get" className="admin-filters" role="search" aria-label={`篩選${resource.label}`}>
          {filterFields.map((field) => (
            <FilterField key={field.name} field={field} value={search.get(field.name) ?? ''} />
          ))}
          {search.get('sort') ? <input type="hidden" name="sort" value={sortKey} /> : null}
          {search.get('sort') ? <input type="hidden" name="direction" value={direction} /> : null}
          <p className="admin-filters__actions">
            <button type="submit" className="button button--primary">
              篩選
            </button>
            {filtered ? (
              <Link to="?" className="button">
                清除篩選
              </Link>
            ) : null}
          </p>
        </Form>
      ) : null}
      <p role="status" className="admin-done">
        {done ?? ''}
      </p>
      {/* Past 10,000 rows a list is not counted further nor paged deeper (decisions 0429, 0430). */}
      <p className="admin-count">
        {page.totalCapped
          ? `超過 ${page.total.toLocaleString('en-US')} 筆，只列出前 ${page.total.toLocaleString('en-US')} 筆；請用篩選條件縮小範圍`
          : `共 ${page.total} 筆`}
      </p>
      {page.rows.length === 0 ? (
        <p>{filtered ? '沒有符合篩選條件的資料。' : '目前沒有資料。'}</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={`${resource.label}列表`}>
          <table className="admin-table">
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const label = String(header.column.columnDef.header);
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      >
                        {header.column.getCanSort() ? (
                          <Link
                            to={withParams(search, {
                              sort: header.column.id,
                              direction: sorted === 'asc' ? 'desc' : 'asc',
                              page: null,
                            })}
                            className="admin-sort"
                          >
                            {label}
                            <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                            <span className="visually-hidden">
                              {sorted === 'asc'
                                ? '（遞增，按此改為遞減）'
                                : sorted === 'desc'
                                  ? '（遞減，按此改為遞增）'
                                  : '（按此排序）'}
                            </span>
                          </Link>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                  {resource.operations.get || hasActions ? (
                    <th scope="col">
                      <span className="visually-hidden">操作</span>
                    </th>
                  ) : null}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => {
                    const field = rowFields.get(cell.column.id);
                    return (
                      <td key={cell.id} data-label={field?.label}>
                        {hiddenFields.has(cell.column.id)
                          ? adminHiddenPersonalText
                          : field
                            ? adminValueText(field, cell.getValue())
                            : String(cell.getValue() ?? '')}
                      </td>
                    );
                  })}
                  {resource.operations.get || hasActions ? (
                    <td>
                      <div className="admin-table__actions">
                        {resource.operations.get ? (
                          <Link to={`/admin/${resource.name}/${encodeURIComponent(String(row.original[idKey]))}`}>
                            檢視<span className="visually-hidden">{String(row.original[contract.titleKey] ?? '')}</span>
                          </Link>
                        ) : null}
                        <AdminRowActions
                          contract={contract}
                          allowed={resource.actions}
                          row={row.original}
                          back={here}
                        />
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        dataLen={page.total}
        page={page.page}
        pageSize={page.pageSize}
        hrefForPage={(number) => withParams(search, { page: number === 1 ? null : String(number) })}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
