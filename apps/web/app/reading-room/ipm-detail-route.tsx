import { Link } from 'react-router';
import { publicFileUrl } from '../kernel/file-url';
import { missingPageMeta, pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { SaveCrop } from '../saved-crops';
import { PreviewBanner } from '../ui/preview-banner';
import type { Route } from './+types/ipm-detail-route';
import { DownloadList } from './download-list';
import { loadPreviewable } from './load-previewable';
import { PdfViewer } from './pdf-viewer';
import { ReadingRoomError } from './reading-room-error';
import { ipmDetailHref, ipmHref } from './reading-room-links';
import './reading-room.css';

const missingMessage = '找不到這份 IPM 技術資料，可能是網址有誤或資料已移除。';

export function loader({ request, context }: Route.LoaderArgs) {
  const { readingRoom } = context.services;
  return loadPreviewable(request, context, {
    load: async (id, visibility) => {
      const [sheet, files, crops] = await Promise.all([
        readingRoom.getIpmSheet(id, visibility),
        readingRoom.listIpmFiles(id, visibility),
        context.services.crops.linkedCropNames('ipm', id),
      ]);
      return { sheet, files, crops };
    },
    adminResource: 'ipm-sheets',
    missingMessage,
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data, error, matches }) =>
  data
    ? pageMeta(matches[0].loaderData, {
        title: data.sheet.title,
        description: data.sheet.detail,
        path: ipmDetailHref(data.sheet.id),
        type: 'article',
        noindex: data.preview !== null,
        // The sheet's own picture, so a shared link previews its subject.
        ...(data.sheet.img ? { image: `files/public/${data.sheet.img}` } : {}),
      })
    : missingPageMeta(matches[0].loaderData, missingMessage, error);

export default function IpmDetailRoute({ loaderData }: Route.ComponentProps) {
  const { sheet, files, crops, preview } = loaderData;
  return (
    <>
      {preview ? <PreviewBanner editHref={`/admin/ipm-sheets/${sheet.id}/edit`} published={preview.published} /> : null}
      <Breadcrumb
        items={[
          { title: 'IPM 專區', link: '/IPM' },
          { title: sheet.name, link: ipmHref(sheet.name) },
          { title: sheet.title },
        ]}
      />
      <article className="container rr-page rr-detail">
        <p className="rr-detail__kicker">{sheet.name}</p>
        <h1 className="rr-page__title">{sheet.title}</h1>
        {sheet.detail ? <p className="rr-detail__lead">{sheet.detail}</p> : null}
        {preview ? null : crops.map((crop) => <SaveCrop key={crop} cropName={crop} />)}
        <PdfViewer
          url={sheet.pdf_url}
          title={sheet.title}
          fileName={sheet.pdf}
          size={sheet.pdf_size}
          picture={
            sheet.img && sheet.img_width && sheet.img_height
              ? { src: publicFileUrl(sheet.img), width: sheet.img_width, height: sheet.img_height }
              : null
          }
        />
        <DownloadList
          heading="其他檔案下載"
          headingId="ipm-other-files"
          files={files.map((file) => ({
            id: file.id,
            name: file.Name,
            type: file.Type,
            size: file.size,
            url: file.url,
          }))}
        />
        <p className="rr-detail__back">
          <Link to={ipmHref(sheet.name)} className="button">
            回{sheet.name}列表
          </Link>
        </p>
      </article>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ReadingRoomError error={error} list={{ title: 'IPM 專區', href: '/IPM' }} missingMessage={missingMessage} />;
}
