import { adminActionApplies, adminFields, adminHiddenPersonalText, adminLinkHref } from '@pest/contracts';
import { Link, useSearchParams } from 'react-router';
import { appUrl } from '../kernel/file-url';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/admin-detail-route';
import { AdminCompare } from './admin-compare';
import { adminContract } from './admin-contracts';
import { AdminErrorPage } from './admin-error-page';
import { adminCall } from './admin-errors';
import { AdminRowActions, runAdminRowAction } from './admin-row-actions';
import { AdminValue } from './admin-value';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const contract = adminContract(params.resource);
  const [resource, row] = await adminCall(request, () =>
    Promise.all([context.admin.allow(contract.name, 'get'), context.admin.get(contract.name, params.id)]),
  );
  return { resource, row };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const contract = adminContract(params.resource);
  return runAdminRowAction(request, contract, params.id, (name) => context.admin.act(contract.name, params.id, name));
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data
      ? `${String(data.row[adminContract(data.resource.name).titleKey] ?? '')} - ${data.resource.label}`
      : '管理',
  });

const doneMessages: Record<string, string> = { created: '已新增。', updated: '已儲存變更。' };

/** One row, every field of its contract, with the edit and delete screens a click away. */
export default function AdminDetailRoute({ loaderData }: Route.ComponentProps) {
  const { resource, row } = loaderData;
  const contract = adminContract(resource.name);
  const [search] = useSearchParams();
  const doneKey = search.get('done') ?? '';
  const done =
    (doneKey === 'updated' ? contract.updateWords?.done : undefined) ??
    doneMessages[doneKey] ??
    contract.actions?.find((action) => action.name === doneKey)?.doneMessage;
  const compare = contract.compare;
  const compared = new Set(compare ? [compare.before, compare.after, ...(compare.labels ? [compare.labels] : [])] : []);
  const framed = contract.framed && row[contract.framed.field] ? contract.framed : null;
  if (framed) compared.add(framed.field);
  const id = encodeURIComponent(String(row[contract.idKey]));
  return (
    <>
      <p className="admin-back">
        <Link to={`/admin/${resource.name}`}>回{resource.label}列表</Link>
      </p>
      <div className="admin-heading">
        <h1 className="page-title">{String(row[contract.titleKey] ?? '')}</h1>
        <div className="admin-heading__actions">
          {(contract.links ?? [])
            .filter((link) => adminActionApplies({ name: '', doneMessage: '', ...link }, row))
            .map((link) => (
              <Link key={link.href} to={adminLinkHref(link, row)} className="button">
                {link.label}
              </Link>
            ))}
          <AdminRowActions contract={contract} allowed={resource.actions} row={row} />
          {resource.operations.update ? (
            <Link to={`/admin/${resource.name}/${id}/edit`} className="button button--primary">
              {contract.updateWords?.verb ?? '編輯'}
            </Link>
          ) : null}
          {resource.operations.remove ? (
            <Link to={`/admin/${resource.name}/${id}/delete`} className="button">
              刪除
            </Link>
          ) : null}
        </div>
      </div>
      <p role="status" className="admin-done">
        {done ?? ''}
      </p>
      <dl className="admin-detail">
        {adminFields(contract.row)
          .filter((field) => !compared.has(field.name))
          .map((field) => (
            <div key={field.name} className="admin-detail__item">
              <dt>{field.label}</dt>
              <dd>
                {resource.hiddenFields?.includes(field.name) ? (
                  <span className="admin-hidden-personal">{adminHiddenPersonalText}</span>
                ) : (
                  <AdminValue field={field} value={row[field.name]} />
                )}
              </dd>
            </div>
          ))}
      </dl>
      {framed ? (
        <section aria-labelledby="admin-framed-heading">
          <h2 id="admin-framed-heading">{framed.label}</h2>
          {/* No scripts, no forms, no same-origin access: the server adds a strict policy too (decision 0378). */}
          <iframe
            className="admin-framed"
            sandbox=""
            title={framed.label}
            src={appUrl(adminLinkHref({ label: '', href: framed.href }, row).replace(/^\//, ''))}
          />
        </section>
      ) : null}
      {contract.compare ? (
        <section aria-labelledby="admin-compare-heading">
          <h2 id="admin-compare-heading">變更內容</h2>
          <AdminCompare
            before={row[contract.compare.before]}
            after={row[contract.compare.after]}
            labels={compare?.labels ? (row[compare.labels] as unknown as Record<string, string>) : undefined}
          />
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
