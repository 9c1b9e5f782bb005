import { adminFields } from '@pest/contracts';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/admin-create-route';
import { adminContract } from './admin-contracts';
import { AdminErrorPage } from './admin-error-page';
import { adminCall } from './admin-errors';
import { AdminForm } from './admin-form';
import { submitAdminForm } from './admin-form-action';

function createSchema(name: string | undefined) {
  const contract = adminContract(name);
  if (!contract.create) throw new Response(null, { status: 405 });
  return { contract, schema: contract.create };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const contract = adminContract(params.resource);
  const resource = await adminCall(request, () => context.admin.allow(contract.name, 'create'));
  return { resource };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Who may comes first: a refusal is the same whatever the resource offers.
  await adminCall(request, () => context.admin.allow(adminContract(params.resource).name, 'create'));
  const { contract, schema } = createSchema(params.resource);
  return submitAdminForm(request, schema, async (value) => {
    const { id } = await context.admin.create(contract.name, value);
    return `/admin/${contract.name}/${encodeURIComponent(String(id))}?done=created`;
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, { title: data ? `新增${data.resource.label} - 管理` : '管理' });

/** The create screen, its form generated from the resource's create contract. */
export default function AdminCreateRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { resource } = loaderData;
  const { schema } = createSchema(resource.name);
  // The contract's defaults (a new item starts as a draft) are what the form shows first.
  const defaultValue = Object.fromEntries(
    adminFields(schema)
      .filter((field) => field.defaultValue !== undefined)
      .map((field) => [field.name, field.defaultValue]),
  );
  return (
    <>
      <h1 className="page-title">新增{resource.label}</h1>
      <AdminForm
        schema={schema}
        lastResult={actionData?.result}
        defaultValue={defaultValue}
        submitLabel="新增"
        cancelHref={`/admin/${resource.name}`}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
