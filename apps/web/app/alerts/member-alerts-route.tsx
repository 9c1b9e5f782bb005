import { redirect } from 'react-router';
import { isServiceError } from '../admin';
import type { Route } from './+types/member-alerts-route';

const signIn = () => redirect(`/login?redirect=${encodeURIComponent('/member')}`);

/** The list lives on /member (decision 0426): this address only takes its 取消 posts. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await context.getViewer())) throw signIn();
  return redirect('/member#member-alerts');
}

/**
 * 取消 on /member: one of the signed-in member's own subscriptions ends (the member from the
 * session, the id from the form); back to /member with what happened, also without JavaScript.
 * Another's, an unknown one, or one cancelled by a second click is "not found" and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw signIn();
  const form = await request.formData();
  try {
    await context.services.alerts.cancelMemberSubscription(viewer.memberId, { id: form.get('subscription') });
    return redirect('/member?alerts=cancelled#member-alerts');
  } catch (error) {
    if (isServiceError(error) && error.statusCode === 404) return redirect('/member?alerts=gone#member-alerts');
    throw error;
  }
}

export default function MemberAlertsRoute() {
  return null;
}
