import { Link } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { PreviewBanner } from '../ui/preview-banner';
import type { Route } from './+types/video-detail-route';
import { loadPreviewable } from './load-previewable';
import { ReadingRoomError } from './reading-room-error';
import { videoDetailHref } from './reading-room-links';
import { VideoPlayer } from './video-player';
import './reading-room.css';

const missingMessage = '找不到這部影片，可能是網址有誤或影片已移除。';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPreviewable(request, context, {
    load: async (id, visibility) => ({ video: await context.services.readingRoom.getVideo(id, visibility) }),
    adminResource: 'videos',
    missingMessage,
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  data
    ? pageMeta(matches[0].loaderData, {
        title: data.video.title,
        description: data.video.detail,
        path: videoDetailHref(data.video.id),
        type: 'article',
        noindex: data.preview !== null,
      })
    : missingPageMeta(matches[0].loaderData, missingMessage, error);

export default function VideoDetailRoute({ loaderData }: Route.ComponentProps) {
  const { video, preview } = loaderData;
  return (
    <>
      {preview ? <PreviewBanner editHref={`/admin/videos/${video.id}/edit`} published={preview.published} /> : null}
      <Breadcrumb items={[{ title: '影音專區', link: '/video' }, { title: video.title }]} />
      <article className="container rr-page rr-detail">
        <h1 className="rr-page__title" id="video-title">
          {video.title}
        </h1>
        <p className="rr-detail__date">
          上架日期 <time dateTime={video.published_at}>{formatContentTime(video.published_at)}</time>
        </p>
        <VideoPlayer
          video={video}
          titleId="video-title"
          descriptionId={video.detail ? 'video-description' : undefined}
        />
        {video.detail ? (
          <p className="rr-detail__lead" id="video-description">
            {video.detail}
          </p>
        ) : null}
        <p className="rr-detail__back">
          <Link to="/video" className="button">
            回影音專區
          </Link>
        </p>
      </article>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ReadingRoomError error={error} list={{ title: '影音專區', href: '/video' }} missingMessage={missingMessage} />
  );
}
