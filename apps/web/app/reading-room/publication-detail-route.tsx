import { publicationYearRanges } from '@pest/contracts';
import { Link } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { PreviewBanner } from '../ui/preview-banner';
import { DemoNotice } from '../ui/demo-label';
import type { Route } from './+types/publication-detail-route';
import { loadPreviewable } from './load-previewable';
import { PdfViewer } from './pdf-viewer';
import { ReadingRoomError } from './reading-room-error';
import { publicationDetailHref, withQuery } from './reading-room-links';
import './reading-room.css';

const missingMessage = '找不到這份出版品，可能是網址有誤或資料已移除。';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPreviewable(request, context, {
    load: async (id, visibility) => ({
      publication: await context.services.readingRoom.getPublication(id, visibility),
    }),
    adminResource: 'publications',
    missingMessage,
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  data
    ? pageMeta(matches[0].loaderData, {
        title: data.publication.title,
        description: data.publication.detail,
        path: publicationDetailHref(data.publication.id),
        type: 'article',
        noindex: data.preview !== null,
      })
    : missingPageMeta(matches[0].loaderData, missingMessage, error);

export default function PublicationDetailRoute({ loaderData }: Route.ComponentProps) {
  const { publication, preview } = loaderData;
  const range = publicationYearRanges.find((each) => publication.year >= each.from && publication.year <= each.to);
  const listHref = withQuery('/publication', { years: range?.key }, { years: publicationYearRanges[0].key });
  return (
    <>
      {preview ? (
        <PreviewBanner editHref={`/admin/publications/${publication.id}/edit`} published={preview.published} />
      ) : null}
      <Breadcrumb items={[{ title: '出版品', link: listHref }, { title: publication.title }]} />
      <article className="container rr-page rr-detail">
        <h1 className="rr-page__title">{publication.title}</h1>
        <dl className="rr-facts">
          <div>
            <dt>出版年份</dt>
            <dd>{publication.year}</dd>
          </div>
          <div>
            <dt>上架日期</dt>
            <dd>
              <time dateTime={publication.published_at}>{formatContentTime(publication.published_at)}</time>
            </dd>
          </div>
        </dl>
        {publication.demo ? (
          <DemoNotice>這份出版品是網站團隊為展示而製作的示範文件，並非研究單位的正式出版品。</DemoNotice>
        ) : null}
        {publication.detail ? <p className="rr-detail__lead">{publication.detail}</p> : null}
        <PdfViewer
          url={publication.pdf_url}
          title={publication.title}
          fileName={publication.pdf}
          size={publication.pdf_size}
        />
        <p className="rr-detail__back">
          <Link to={listHref} className="button">
            回出版品列表
          </Link>
        </p>
      </article>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ReadingRoomError error={error} list={{ title: '出版品', href: '/publication' }} missingMessage={missingMessage} />
  );
}
