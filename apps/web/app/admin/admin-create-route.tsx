import { adminFields } from '@pest/contracts';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/admin-create-route';
import { adminContract } from './admin-contracts';
import { createKeyField, createKeyOf, newCreateKey } from './admin-create-key';
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
  // Values in the address (from a filtered list's 新增 link) fill the form's matching text fields.
  const query = new URL(request.url).searchParams;
  // A select starts on its schema's default (a new record: 草稿).
  const fields = contract.create ? adminFields(contract.create).filter((field) => field.kind !== 'file') : [];
  const defaults = Object.fromEntries(
    fields.flatMap((field) => {
      const value = query.get(field.name)?.slice(0, 200) ?? (field.kind === 'select' ? field.defaultValue : undefined);
      return value ? [[field.name, value]] : [];
    }),
  );
  return { resource, defaults, createKey: newCreateKey() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Who may comes first: a refusal is the same whatever the resource offers.
  await adminCall(request, () => context.admin.allow(adminContract(params.resource).name, 'create'));
  const { contract, schema } = createSchema(params.resource);
  return submitAdminForm(request, schema, async (value, formData) => {
    const { id } = await context.admin.create(contract.name, value, createKeyOf(formData));
    return `/admin/${contract.name}/${encodeURIComponent(String(id))}?done=created`;
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, { title: data ? `新增${data.resource.label} - 管理` : '管理' });

/** The create screen, its form generated from the resource's create contract. */
export default function AdminCreateRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { resource, defaults, createKey } = loaderData;
  const { schema } = createSchema(resource.name);
  return (
    <>
      <h1 className="page-title">新增{resource.label}</h1>
      <AdminForm
        schema={schema}
        lastResult={actionData?.result}
        defaultValue={defaults}
        submitLabel="新增"
        cancelHref={`/admin/${resource.name}`}
        hiddenFields={{ [createKeyField]: createKey }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
