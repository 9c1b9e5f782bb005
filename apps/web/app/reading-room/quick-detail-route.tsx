import { Link } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { PreviewBanner } from '../ui/preview-banner';
import { RichText } from '../ui/rich-text';
import type { Route } from './+types/quick-detail-route';
import { DownloadList } from './download-list';
import { loadPreviewable } from './load-previewable';
import { ReadingRoomError } from './reading-room-error';
import { quickDetailHref } from './reading-room-links';
import './reading-room.css';

const missingMessage = '找不到這則快速入門，可能是網址有誤或資料已移除。';

export function loader({ request, context }: Route.LoaderArgs) {
  const { readingRoom } = context.services;
  return loadPreviewable(request, context, {
    load: async (id, visibility) => {
      const [item, files] = await Promise.all([
        readingRoom.getQuickItem(id, visibility),
        readingRoom.listQuickFiles(id, visibility),
      ]);
      return { item, files };
    },
    adminResource: 'quick-items',
    missingMessage,
    // A draft's files are served to its preview only (`?preview=1` on their address too).
    forPreview: ({ item, files }) => ({
      item,
      files: files.map((file) => ({ ...file, url: `${file.url}?preview=1` })),
    }),
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  data
    ? pageMeta(matches[0].loaderData, {
        title: data.item.title,
        path: quickDetailHref(data.item.id),
        type: 'article',
        noindex: data.preview !== null,
      })
    : missingPageMeta(matches[0].loaderData, missingMessage, error);

export default function QuickDetailRoute({ loaderData }: Route.ComponentProps) {
  const { item, files, preview } = loaderData;
  return (
    <>
      {preview ? <PreviewBanner editHref={`/admin/quick-items/${item.id}/edit`} published={preview.published} /> : null}
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
