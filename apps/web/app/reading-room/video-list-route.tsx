import { pageFromQuery, readingRoomPageSizes, trustedHtml } from '@pest/contracts';
import { redirect } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/video-list-route';
import { CoverCard } from './cover-card';
import { lastPage, videoDetailHref, withQuery } from './reading-room-links';
import './reading-room.css';

const pageSize = readingRoomPageSizes.videos;
const listHref = (page: number) => withQuery('/video', { page }, { page: 1 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromQuery(new URL(request.url).searchParams.get('page'));
  const result = await context.services.readingRoom.listVideos({ page, pageSize });
  const last = lastPage(result.total, pageSize);
  if (page > last) throw redirect(listHref(last));
  return { result };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '影音專區',
    description: '病蟲害辨識、整合管理與安全用藥的教學影片。',
    path: '/video',
  });

export default function VideoListRoute({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '影音專區' }]} />
      <div className="container rr-page">
        <h1 className="rr-page__title">影音專區</h1>
        <p className="rr-count">共 {result.total} 部影片</p>
        {result.items.length === 0 ? (
          <NoData message={trustedHtml`目前沒有影片`} />
        ) : (
          <ul className="rr-grid">
            {result.items.map((video) => (
              <li key={video.id}>
                <CoverCard
                  href={videoDetailHref(video.id)}
                  title={video.title}
                  img={video.img}
                  imgWidth={video.img_width}
                  imgHeight={video.img_height}
                  kicker={<time dateTime={video.published_at}>{formatContentTime(video.published_at)}</time>}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination dataLen={result.total} page={result.page} pageSize={pageSize} hrefForPage={listHref} />
      </div>
    </>
  );
}
