import { NavLink, Outlet } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/admin-layout-route';
import { AdminErrorPage } from './admin-error-page';
import { adminCall } from './admin-errors';
import { resourcesByTask } from './admin-tasks';
import './admin.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [resources, viewer] = await adminCall(request, () =>
    Promise.all([context.admin.resources(), context.admin.staff()]),
  );
  return { resources, viewerName: viewer.name };
}

// Staff screens are personal: never kept by any cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, { title: '管理' }),
  { name: 'robots', content: 'noindex' },
];

/**
 * The staff-only frame: the resources this person may use, grouped by task, and the screen. On a
 * phone the screen comes first and the navigation after it (decision 0377): the home's queue of
 * what waits is the first thing seen, not fifty links.
 */
export default function AdminLayoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container admin">
      {/* The screen comes first in the document: on a phone it is seen before the navigation. */}
      <div className="admin__screen">
        <Outlet />
      </div>
      <nav className="admin__nav" aria-label="管理項目">
        <p className="admin__greeting">
          <NavLink to="/admin" end>
            管理首頁
          </NavLink>
          <span>{loaderData.viewerName}，您好</span>
        </p>
        {resourcesByTask(loaderData.resources).map((task) => (
          <div key={task.group} className="admin__nav-task">
            <h2 id={`admin-nav-${task.group}`}>{task.label}</h2>
            <ul aria-labelledby={`admin-nav-${task.group}`}>
              {task.resources.map((resource) => (
                <li key={resource.name}>
                  <NavLink to={`/admin/${resource.name}`}>{resource.label}</NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
