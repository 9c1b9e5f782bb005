import { Link } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { RichText } from '../ui/rich-text';
import type { Route } from './+types/quick-detail-route';
import { DownloadList } from './download-list';
import { loadById } from './load-by-id';
import { ReadingRoomError } from './reading-room-error';
import { quickDetailHref } from './reading-room-links';
import './reading-room.css';

const missingMessage = '找不到這則快速入門，可能是網址有誤或資料已移除。';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { readingRoom } = context.services;
  return loadById(
    request,
    async (id) => {
      const [item, files] = await Promise.all([readingRoom.getQuickItem(id), readingRoom.listQuickFiles(id)]);
      return { item, files };
    },
    missingMessage,
  );
}

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  data
    ? pageMeta(matches[0].loaderData, {
        title: data.item.title,
        path: quickDetailHref(data.item.id),
        type: 'article',
      })
    : missingPageMeta(matches[0].loaderData, missingMessage, error);

export default function QuickDetailRoute({ loaderData }: Route.ComponentProps) {
  const { item, files } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '快速入門', link: '/quick' }, { title: item.title }]} />
      <article className="container rr-page rr-detail">
        <h1 className="rr-page__title">{item.title}</h1>
        <p className="rr-detail__date">
          更新日期 <time dateTime={item.announceTime}>{formatContentTime(item.announceTime)}</time>
        </p>
        <RichText html={item.Ncontent} className="rr-detail__content" />
        <DownloadList
          heading="檔案下載"
          headingId="quick-files"
          files={files.map((file) => ({
            id: file.id,
            name: file.Name,
            type: file.Type,
            size: file.size,
            url: file.url,
          }))}
        />
        <p className="rr-detail__back">
          <Link to="/quick" className="button">
            回快速入門列表
          </Link>
        </p>
      </article>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ReadingRoomError error={error} list={{ title: '快速入門', href: '/quick' }} missingMessage={missingMessage} />
  );
}
