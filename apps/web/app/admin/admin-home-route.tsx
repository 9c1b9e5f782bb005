import type { AdminFigure, AdminResourceSummary } from '@pest/contracts';
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/admin-home-route';
import { adminCall } from './admin-errors';
import type { loader as layoutLoader } from './admin-layout-route';
import { resourcesByTask } from './admin-tasks';

// The counts come with this screen only, not with every admin screen's frame.
export async function loader({ request, context }: Route.LoaderArgs) {
  const figures = await adminCall(request, () => context.admin.figures());
  return { figures };
}

interface Waiting {
  resource: AdminResourceSummary;
  figure: AdminFigure;
}

function figureHref(resource: AdminResourceSummary, figure: AdminFigure) {
  return figure.query ? `/admin/${resource.name}?${figure.query}` : `/admin/${resource.name}`;
}

/**
 * The admin's first screen (decision 0377): what waits for this person first — cases to answer,
 * messages to handle, failed jobs, imports to apply, with their counts — then every screen they may
 * use grouped by task. Only the resources their role may list are counted.
 */
export default function AdminHomeRoute({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('admin/admin-layout-route');
  const resources = layout?.resources ?? [];
  const tasks = resourcesByTask(resources);
  // In task order, so the desk's cases come first.
  const waiting: Waiting[] = tasks.flatMap((task) =>
    task.resources.flatMap((resource) =>
      (loaderData.figures[resource.name] ?? [])
        .filter((figure) => figure.attention && figure.value > 0)
        .map((figure) => ({ resource, figure })),
    ),
  );
  return (
    <>
      <h1 className="page-title">管理</h1>
      {resources.length === 0 ? (
        <p>目前沒有您可管理的項目。</p>
      ) : (
        <>
          <section aria-labelledby="admin-waiting" className="admin-waiting">
            <h2 id="admin-waiting">待處理</h2>
            {waiting.length === 0 ? (
              <p>目前沒有待處理的事項。</p>
            ) : (
              <ul>
                {waiting.map(({ resource, figure }) => (
                  <li key={`${resource.name}-${figure.label}`}>
                    <Link to={figureHref(resource, figure)}>
                      <span className="admin-waiting__count">{figure.value}</span>
                      <span>
                        {figure.label}
                        <span className="admin-waiting__where">（{resource.label}）</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {tasks.map((task) => (
            <section key={task.group} aria-labelledby={`admin-task-${task.group}`} className="admin-task">
              <h2 id={`admin-task-${task.group}`}>{task.label}</h2>
              <ul className="admin-cards">
                {task.resources.map((resource) => {
                  const figures = loaderData.figures[resource.name] ?? [];
                  return (
                    <li key={resource.name} className="admin-card">
                      <h3>
                        <Link to={`/admin/${resource.name}`}>{resource.label}</Link>
                      </h3>
                      {resource.description ? <p>{resource.description}</p> : null}
                      {figures.length > 0 ? (
                        <dl className="admin-figures">
                          {figures.map((figure) => (
                            <div
                              key={figure.label}
                              className={
                                figure.attention && figure.value > 0
                                  ? 'admin-figure admin-figure--attention'
                                  : 'admin-figure'
                              }
                            >
                              <dt>
                                {figure.query ? (
                                  <Link to={figureHref(resource, figure)}>{figure.label}</Link>
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
            </section>
          ))}
        </>
      )}
    </>
  );
}
