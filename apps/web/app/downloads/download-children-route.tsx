import { redirect } from 'react-router';
import { loginRedirect } from '../accounts';
import type { Route } from './+types/download-children-route';

/** The guard covers /download's children too; there are none, so a member goes to /download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await context.getViewer())) throw loginRedirect(request, context.config.basePath);
  throw redirect(`/download${new URL(request.url).search}`);
}

export default function DownloadChildrenRoute() {
  return null;
}
