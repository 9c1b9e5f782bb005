import { filePageQuery } from '@pest/contracts';
import { data, Link, redirectDocument } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { NoData } from '../ui/no-data';
import { notFoundMessage } from './not-found-message';
import type { Route } from './+types/file-route';

/**
 * The file page: `?catalog={id}` opens the file, `&download` saves it (its Chinese name
 * kept), through the file route, which answers Range and ETag; an unknown id shows the spec's notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = filePageQuery.safeParse(params);
  const file = query.success ? await context.services.downloads.findFile(query.data.catalog) : null;
  if (!query.success || !file) return data({ found: false }, { status: 404 });
  const download = new URL(request.url).searchParams.has('download');
  // A document redirect: the file route is the server's, not a page of the app.
  throw redirectDocument(`/files/catalog/${query.data.catalog}${download ? '?download' : ''}`);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: '檔案' });

export default function FileRoute() {
  return (
    <div className="container file-page">
      <h1 className="page-title">檔案</h1>
      <NoData message={notFoundMessage} />
      <p>
        <Link to="/download">回文件下載</Link>
      </p>
    </div>
  );
}
