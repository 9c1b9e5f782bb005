import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/admin-home-route';
import { adminCall } from './admin-errors';
import type { loader as layoutLoader } from './admin-layout-route';

// The counts come with this screen only, not with every admin screen's frame.
export async function loader({ request, context }: Route.LoaderArgs) {
  const figures = await adminCall(request, () => context.admin.figures());
  return { figures };
}

/** The admin's first screen: what this person may manage, with what waits or went wrong. */
export default function AdminHomeRoute({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('admin/admin-layout-route');
  const resources = layout?.resources ?? [];
  return (
    <>
      <h1 className="page-title">管理</h1>
      {resources.length === 0 ? (
        <p>目前沒有您可管理的項目。</p>
      ) : (
        <ul className="admin-cards">
          {resources.map((resource) => {
            const figures = loaderData.figures[resource.name] ?? [];
            return (
              <li key={resource.name} className="admin-card">
                <h2>
                  <Link to={`/admin/${resource.name}`}>{resource.label}</Link>
                </h2>
                {resource.description ? <p>{resource.description}</p> : null}
                {figures.length > 0 ? (
                  <dl className="admin-figures">
                    {figures.map((figure) => (
                      <div
                        key={figure.label}
                        className={
                          figure.attention && figure.value > 0 ? 'admin-figure admin-figure--attention' : 'admin-figure'
                        }
                      >
                        <dt>
                          {figure.query ? (
                            <Link to={`/admin/${resource.name}?${figure.query}`}>{figure.label}</Link>
                          ) : (
                            figure.label
                          )}
                        </dt>
                        <dd>{figure.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
