import { redirect } from 'react-router';
import type { Route } from './+types/logout-route';

/**
 * Sign out: the session is deleted on the server, the cookie removed, and the browser
 * reloads the site root (the header's form posts here with reloadDocument).
 */
export async function action({ context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (viewer) await context.services.accounts.endSession(viewer.sessionId);
  return redirect('/', { headers: { 'Set-Cookie': context.services.accounts.clearedSessionCookie() } });
}

export function loader() {
  return redirect('/');
}
