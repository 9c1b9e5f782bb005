import { data, Link } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { publicFileUrl } from '../kernel/file-url';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { PreviewBanner } from '../ui/preview-banner';
import { RichText } from '../ui/rich-text';
import type { Route } from './+types/news-detail-route';
import { DownloadList } from './download-list';
import { loadById } from './load-by-id';
import { ReadingRoomError } from './reading-room-error';
import { newsDetailHref, withQuery } from './reading-room-links';
import { isStaffPreview, previewHeaders } from '../kernel/staff-preview';
import './reading-room.css';

const missingMessage = '找不到這則消息，可能是網址有誤或消息已下架。';

export async function loader({ request, context }: Route.LoaderArgs) {
  const preview = await isStaffPreview(request, context);
  const item = await loadById(
    request,
    (id) => context.services.readingRoom.getNews(id, { drafts: preview }),
    missingMessage,
  );
  if (!preview) return { item, preview: null };
  // "Published" in the banner means visitors see it now: a scheduled item is not public yet.
  const published = item.status !== 0 && Date.parse(item.post_at) <= Date.now();
  return data({ item, preview: { published } }, { headers: previewHeaders });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  if (!data) return missingPageMeta(matches[0].loaderData, missingMessage, error);
  const picture = data.item.pics[0];
  return pageMeta(matches[0].loaderData, {
    title: data.item.title,
    description: data.item.summary || undefined,
    path: newsDetailHref(data.item.id),
    type: 'article',
    noindex: data.preview !== null,
    ...(picture ? { image: `files/public/${picture.file}` } : {}),
  });
};

export default function NewsDetailRoute({ loaderData }: Route.ComponentProps) {
  const { item, preview } = loaderData;
  const classHref = withQuery('/news', { class: item.class });
  return (
    <>
      {preview ? <PreviewBanner editHref={`/admin/news/${item.id}/edit`} published={preview.published} /> : null}
      <Breadcrumb
        items={[
          { title: '最新消息', link: '/news' },
          { title: item.class_name, link: classHref },
          { title: item.title },
        ]}
      />
      <article className="container rr-page rr-detail">
        <p className="rr-detail__kicker">
          <span className="rr-badge">{item.class_name}</span>
        </p>
        <h1 className="rr-page__title">{item.title}</h1>
        <p className="rr-detail__date">
          發布日期 <time dateTime={item.post_at}>{formatContentTime(item.post_at)}</time>
        </p>
        {item.pics.map((picture) => (
          <img
            key={picture.file}
            className="rr-detail__picture"
            src={publicFileUrl(picture.file)}
            width={picture.width}
            height={picture.height}
            alt={picture.alt}
            loading="lazy"
            decoding="async"
          />
        ))}
        <RichText html={item.content} className="rr-detail__content" />
        <DownloadList heading="附件下載" headingId="news-files" files={item.files} />
        <p className="rr-detail__back">
          <Link to={classHref} className="button">
            回{item.class_name}消息列表
          </Link>
        </p>
      </article>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ReadingRoomError error={error} list={{ title: '最新消息', href: '/news' }} missingMessage={missingMessage} />;
}
