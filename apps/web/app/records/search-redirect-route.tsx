import { redirect } from 'react-router';
import type { Route } from './+types/search-redirect-route';

/**
 * Two old-style addresses forwarded with their query: /search (its empty child path goes to the
 * pest list) and /search/detail?id= (the card link of the older search page).
 */
export function searchRedirectTarget(url: URL): string {
  // The target is relative to the app: React Router adds the base path to a loader's redirect.
  const target = /\/search\/detail\/?$/.test(url.pathname) ? '/search/bug/detail' : '/search/bug';
  return `${target}${url.search}`;
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(searchRedirectTarget(new URL(request.url)));
}

export default function SearchRedirectRoute() {
  return null;
}
