import { adminActionApplies, type AdminContract } from '@pest/contracts';
import { Form, redirect, useNavigation } from 'react-router';
import { adminCall } from './admin-errors';

/** The row actions (a failed job's retry) this person may run on this row, as small POST forms. */
export function AdminRowActions({
  contract,
  allowed,
  row,
  back,
}: {
  contract: AdminContract;
  allowed: readonly string[];
  row: Record<string, unknown>;
  /** Where to return once done (the list the button was on); the detail screen when absent. */
  back?: string;
}) {
  const navigation = useNavigation();
  const actions = (contract.actions ?? []).filter(
    (action) => allowed.includes(action.name) && adminActionApplies(action, row),
  );
  if (actions.length === 0) return null;
  const id = encodeURIComponent(String(row[contract.idKey]));
  return (
    <>
      {actions.map((action) => (
        <Form key={action.name} method="post" action={`/admin/${contract.name}/${id}`} className="admin-row-action">
          <input type="hidden" name="_action" value={action.name} />
          {back ? <input type="hidden" name="_back" value={back} /> : null}
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            {action.label}
            <span className="visually-hidden">{String(row[contract.titleKey] ?? '')}</span>
          </button>
        </Form>
      ))}
    </>
  );
}

/**
 * The detail route's action: runs the named row action through the gateway (roles checked there)
 * and goes back to the list it came from, or to the row, with the action's done message.
 */
export async function runAdminRowAction(
  request: Request,
  contract: AdminContract,
  id: string,
  act: (action: string) => Promise<void>,
) {
  const form = await request.formData();
  const action = String(form.get('_action') ?? '');
  await adminCall(request, () => act(action));
  const back = String(form.get('_back') ?? '');
  // Only a screen of this resource: never a redirect elsewhere taken from the form.
  const target =
    back.startsWith(`/admin/${contract.name}`) && !back.startsWith('//') ? new URL(back, 'http://x') : null;
  if (target) {
    target.searchParams.set('done', action);
    return redirect(`${target.pathname}${target.search}`, 303);
  }
  return redirect(`/admin/${contract.name}/${encodeURIComponent(id)}?done=${encodeURIComponent(action)}`, 303);
}
