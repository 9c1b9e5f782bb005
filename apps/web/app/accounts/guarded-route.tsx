import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/guarded-route';
import { loginRedirect } from './require-member';
import './accounts.css';

/**
 * The guard on /inquiry and its children (spec §2; /download guards itself): an anonymous visitor goes to
 * /login and comes back after signing in. Their pages come with the storefront; until then a
 * signed-in member sees that they are on the way.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await context.getViewer())) throw loginRedirect(request, context.config.basePath);
  const area = new URL(request.url).pathname.slice(context.config.basePath.length).split('/')[1] ?? '';
  return { title: area.toLowerCase() === 'inquiry' ? 'INQUIRY' : 'DOWNLOAD' };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches[0].loaderData, { title: data?.title ?? '' });

export default function GuardedRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container account-page">
      <h1 className="account-page__title" lang="en">
        {loaderData.title}
      </h1>
      <p>此區即將開放，敬請期待。</p>
    </div>
  );
}
