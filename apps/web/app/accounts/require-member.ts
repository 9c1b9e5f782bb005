import { redirect } from 'react-router';

/** The login page's address that comes back to this request's page once signed in. */
export function loginRedirect(request: Request, basePath: string): Response {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
  return redirect(`/login?redirect=${encodeURIComponent(`${path}${url.search}`)}`);
}
