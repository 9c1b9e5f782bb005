import { idSchema } from '@pest/contracts';
import { redirect } from 'react-router';
import { loginRedirect } from '../accounts';
import type { Route } from './+types/member-order-action-route';
import type { MemberOrderOutcome } from './member-order-outcomes';

/** Nothing to show at this address: the orders are on /member. */
export function loader() {
  return redirect('/member#member-orders');
}

/**
 * A member's own order from /member (decision 0367): cancel it while it is new, or give the last
 * five digits of the bank transfer, through the same services as the product API's calls. A plain
 * form post, so it works before the page's scripts have loaded; it answers with /member saying
 * what happened. Another member's order is "not found", as in the API.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw loginRedirect(new Request(new URL('/member', request.url)), context.config.basePath);
  const form = await request.formData();
  const order = idSchema.safeParse(form.get('order'));
  const back = (outcome: MemberOrderOutcome) =>
    redirect(`/member?orders=${outcome}${order.success ? `&id=${order.data}` : ''}#member-orders`);
  if (!order.success) return back('not-found');
  const { catalogue } = context.services;
  const intent = form.get('intent');
  const digits = String(form.get('digits') ?? '').trim();
  if (intent === 'transfer' && !/^\d{5}$/.test(digits)) return back('digits-invalid');
  if (intent !== 'cancel' && intent !== 'transfer') return back('refused');
  try {
    if (intent === 'cancel') await catalogue.cancelOrder(viewer, order.data);
    else await catalogue.setTransferDigits(viewer, order.data, digits);
    return back(intent === 'cancel' ? 'cancelled' : 'digits-saved');
  } catch (error) {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (status === 404) return back('not-found');
    if (status === 409) return back('refused');
    throw error;
  }
}
