import { Link, useRouteLoaderData } from 'react-router';
import type { loader as layoutLoader } from './admin-layout-route';

/** The admin's first screen: what this person may manage. */
export default function AdminHomeRoute() {
  const layout = useRouteLoaderData<typeof layoutLoader>('admin/admin-layout-route');
  const resources = layout?.resources ?? [];
  return (
    <>
      <h1 className="page-title">管理</h1>
      {resources.length === 0 ? (
        <p>目前沒有您可管理的項目。</p>
      ) : (
        <ul className="admin-cards">
          {resources.map((resource) => (
            <li key={resource.name} className="admin-card">
              <h2>
                <Link to={`/admin/${resource.name}`}>{resource.label}</Link>
              </h2>
              {resource.description ? <p>{resource.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
