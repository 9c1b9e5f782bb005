import { adminFields } from '@pest/contracts';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/admin-edit-route';
import { adminContract } from './admin-contracts';
import { AdminErrorPage } from './admin-error-page';
import { adminCall } from './admin-errors';
import { AdminForm } from './admin-form';
import { submitAdminForm } from './admin-form-action';

function updateSchema(name: string | undefined) {
  const contract = adminContract(name);
  if (!contract.update) throw new Response(null, { status: 405 });
  return { contract, schema: contract.update };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const contract = adminContract(params.resource);
  const [resource, row] = await adminCall(request, () =>
    Promise.all([context.admin.allow(contract.name, 'update'), context.admin.get(contract.name, params.id)]),
  );
  return { resource, row };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Who may comes first: a refusal is the same whatever the resource offers.
  await adminCall(request, () => context.admin.allow(adminContract(params.resource).name, 'update'));
  const { contract, schema } = updateSchema(params.resource);
  return submitAdminForm(request, schema, async (value) => {
    await context.admin.update(contract.name, params.id, value);
    return `/admin/${contract.name}/${encodeURIComponent(params.id)}?done=updated`;
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data
      ? `${adminContract(data.resource.name).updateWords?.verb ?? '編輯'} ${String(data.row[adminContract(data.resource.name).titleKey] ?? '')} - 管理`
      : '管理',
  });

/** The edit screen: the update contract's fields, filled in from the row. */
export default function AdminEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { resource, row } = loaderData;
  const { contract, schema } = updateSchema(resource.name);
  const title = String(row[contract.titleKey] ?? '');
  const id = encodeURIComponent(String(row[contract.idKey]));
  // A file field's value is its current file, shown beside the input; the form sends a new one or none.
  const fileFields = new Set(
    adminFields(schema)
      .filter((field) => field.kind === 'file')
      .map((field) => field.name),
  );
  const defaultValue = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => !fileFields.has(key))
      .map((key) => [key, row[key]]),
  );
  const currentFiles = Object.fromEntries(
    [...fileFields].map((key) => [key, typeof row[key] === 'string' ? row[key] : null]),
  );
  return (
    <>
      <h1 className="page-title">
        {contract.updateWords?.verb ?? '編輯'} {title}
      </h1>
      <AdminForm
        schema={schema}
        lastResult={actionData?.result}
        defaultValue={defaultValue}
        currentFiles={currentFiles}
        submitLabel={contract.updateWords?.submit ?? '儲存'}
        cancelHref={`/admin/${resource.name}/${id}`}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
