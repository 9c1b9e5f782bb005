import { Form, Link, redirect, useNavigation } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/admin-delete-route';
import { adminContract } from './admin-contracts';
import { AdminErrorPage } from './admin-error-page';
import { adminCall } from './admin-errors';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const contract = adminContract(params.resource);
  const resource = await adminCall(request, () => context.admin.allow(contract.name, 'remove'));
  const row = resource.operations.get
    ? await adminCall(request, () => context.admin.get(contract.name, params.id))
    : null;
  return { resource, title: row ? String(row[contract.titleKey] ?? params.id) : params.id, id: params.id };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const contract = adminContract(params.resource);
  await adminCall(request, () => context.admin.remove(contract.name, params.id));
  return redirect(`/admin/${contract.name}?done=deleted`, 303);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, { title: data ? `刪除 ${data.title} - 管理` : '管理' });

/** Asks before deleting: a separate screen, so it works without JavaScript too. */
export default function AdminDeleteRoute({ loaderData }: Route.ComponentProps) {
  const { resource, title, id } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <h1 className="page-title">刪除 {title}</h1>
      <p>確定要刪除這筆{resource.label}嗎？刪除後無法復原。</p>
      <Form method="post" className="admin-form__actions">
        <button type="submit" className="button button--danger" disabled={navigation.state === 'submitting'}>
          確定刪除
        </button>
        <Link to={`/admin/${resource.name}/${encodeURIComponent(id)}`} className="button">
          取消
        </Link>
      </Form>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
