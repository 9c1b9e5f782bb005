import { pageFromQuery, readingRoomPageSizes, trustedHtml } from '@pest/contracts';
import { Link, redirect } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/quick-list-route';
import { lastPage, quickDetailHref, withQuery } from './reading-room-links';
import './reading-room.css';

const pageSize = readingRoomPageSizes.quick;
const listHref = (page: number) => withQuery('/quick', { page }, { page: 1 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromQuery(new URL(request.url).searchParams.get('page'));
  const result = await context.services.readingRoom.listQuickItems({ page, pageSize });
  const last = lastPage(result.total, pageSize);
  if (page > last) throw redirect(listHref(last));
  return { result };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '快速入門',
    description: '網站功能與基本植物保護觀念的快速入門說明，附講義與表單下載。',
    path: '/quick',
  });

export default function QuickListRoute({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '快速入門' }]} />
      <div className="container rr-page">
        <h1 className="rr-page__title">快速入門</h1>
        {result.items.length === 0 ? (
          <NoData message={trustedHtml`目前沒有快速入門資料`} />
        ) : (
          <ul className="rr-dated-list" aria-label="快速入門列表">
            {result.items.map((item) => (
              <li key={item.id} className="rr-dated-list__item">
                <time className="rr-dated-list__date" dateTime={item.announceTime}>
                  {formatContentTime(item.announceTime)}
                </time>
                <Link to={quickDetailHref(item.id)} className="rr-dated-list__title">
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination dataLen={result.total} page={result.page} pageSize={pageSize} hrefForPage={listHref} />
      </div>
    </>
  );
}
