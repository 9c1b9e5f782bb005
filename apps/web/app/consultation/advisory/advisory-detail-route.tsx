import {
  advisoryNotFoundMessage,
  advisoryPhotoGroupLabels,
  advisoryPhotoGroups,
  type AdvisoryLink,
  type AdvisoryPhoto,
} from '@pest/contracts';
import { Link, useSearchParams } from 'react-router';
import { appUrl } from '../../kernel/file-url';
import { missingPageMeta, pageMeta } from '../../kernel/page-meta';
import { Breadcrumb } from '../../ui/breadcrumb';
import { DetailErrorPage } from '../../ui/detail-error-page';
import { formatDateTime, isoDateTime } from '../../ui/format-date-time';
import { LinkTabs } from '../../ui/link-tabs';
import { NoData } from '../../ui/no-data';
import { isNotFoundError, notFound, pageId } from '../../ui/not-found';
import { RichText } from '../../ui/rich-text';
import type { Route } from './+types/advisory-detail-route';
import { advisoryDetailHref, selectPhotoGroup } from './advisory-query';
import { revalidateOnlyForAnotherId } from '../../kernel/same-id-revalidation';
import './advisory.css';

const notFoundMessage = `${advisoryNotFoundMessage}，可能是網址有誤。`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = pageId(request, notFoundMessage);
  const { advisory } = context.services.consultation;
  try {
    const [detail, photos] = await Promise.all([advisory.getPublishedCase(id), advisory.listPublishedCasePhotos(id)]);
    return { detail, photos };
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(notFoundMessage);
    throw error;
  }
}

// Switching photo tabs changes only `photo`: the case is already here, so no new request.
export const shouldRevalidate = revalidateOnlyForAnotherId;

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  const root = matches[0].loaderData;
  if (!data) return missingPageMeta(root, notFoundMessage, error);
  const { detail, photos } = data;
  const cover = photos[0];
  return pageMeta(root, {
    title: `${detail.cname}圖像諮詢－${detail.place}`,
    description: [...detail.describe].slice(0, 150).join(''),
    path: `/consultation/advisory/detail?id=${detail.id}`,
    type: 'article',
    ...(cover ? { image: cover.modUrl } : {}),
  });
};

function PhotoGrid({ photos, label }: { photos: AdvisoryPhoto[]; label: string }) {
  if (photos.length === 0) return <NoData />;
  return (
    <ul className="advisory-photos">
      {photos.map((photo, index) => (
        <li key={photo.id} className="advisory-photos__item">
          <a href={appUrl(photo.url)} className="advisory-photos__link" target="_blank" rel="noopener">
            <img
              src={appUrl(photo.modUrl)}
              alt={`${label}第 ${index + 1} 張`}
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              loading={index === 0 ? 'eager' : 'lazy'}
              decoding="async"
              className="advisory-photos__image"
            />
            <span className="visually-hidden">（原尺寸，在新視窗開啟）</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Where an attached record or IPM sheet is read (decision 0373). */
function attachedHref(link: AdvisoryLink): string {
  return link.kind === 'record' ? `/search/bug/detail?id=${link.id}` : `/IPM/detail?id=${link.id}`;
}

/** The records and IPM sheets the expert attached, each a link, so the farmer reads on in one tap. */
function AttachedLinks({ links }: { links: AdvisoryLink[] }) {
  if (links.length === 0) return null;
  return (
    <div className="advisory-detail__target">
      <h3 id="advisory-links-heading" className="advisory-detail__links-heading">
        相關資料
      </h3>
      <ul aria-labelledby="advisory-links-heading" className="advisory-links">
        {links.map((link) => (
          <li key={`${link.kind}-${link.id}`}>
            <Link to={attachedHref(link)} prefetch="intent" className="advisory-links__link">
              {link.title}
            </Link>
            <span className="advisory-links__kind">{link.kind === 'record' ? '病蟲害資料' : 'IPM 技術資料'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function AdvisoryDetailRoute({ loaderData }: Route.ComponentProps) {
  const { detail, photos } = loaderData;
  const [searchParams] = useSearchParams();
  const group = selectPhotoGroup(searchParams.get('photo'));
  const tabs = advisoryPhotoGroups.map((key) => ({
    key,
    label: `${advisoryPhotoGroupLabels[key]}（${photos.filter((photo) => photo.datatype === key).length}）`,
    href: advisoryDetailHref(detail.id, key),
  }));
  const title = `${detail.cname}・${detail.place}`;
  return (
    <>
      <Breadcrumb
        items={[
          { title: '病蟲害諮詢', link: '/consultation' },
          { title: '圖像諮詢問答', link: '/consultation/advisory' },
          { title },
        ]}
      />
      <article className="container advisory-detail">
        <header className="advisory-detail__header">
          <h1 className="page-title">{title}</h1>
          {detail.demo ? (
            <p className="advisory-demo-note" role="note">
              這是本網站製作的示範案例，不是農友的真實諮詢；照片為病蟲害資料的示意圖。
            </p>
          ) : null}
          <Link to="/consultation/advisory" className="button">
            <span aria-hidden="true">‹</span> 回列表
          </Link>
        </header>
        <section aria-labelledby="advisory-basic-heading" className="advisory-detail__section">
          <h2 id="advisory-basic-heading" className="advisory-detail__heading">
            基本資料
          </h2>
          <dl className="advisory-facts">
            <div>
              <dt>日期</dt>
              <dd>
                <time dateTime={isoDateTime(detail.announceTime)}>{formatDateTime(detail.announceTime)}</time>
              </dd>
            </div>
            <div>
              <dt>姓名</dt>
              <dd>{detail.name}</dd>
            </div>
            <div>
              <dt>地點</dt>
              <dd>{detail.place}</dd>
            </div>
            <div>
              <dt>作物</dt>
              <dd>{detail.cname}</dd>
            </div>
            <div className="advisory-facts__wide">
              <dt>問題描述</dt>
              <dd className="advisory-facts__text">{detail.describe}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="advisory-reply-heading" className="advisory-detail__section">
          <h2 id="advisory-reply-heading" className="advisory-detail__heading">
            專家回覆
          </h2>
          {detail.note ? (
            <>
              {detail.repliedAt ? (
                <p className="advisory-detail__replied">
                  回覆時間：<time dateTime={isoDateTime(detail.repliedAt)}>{formatDateTime(detail.repliedAt)}</time>
                </p>
              ) : null}
              <RichText html={detail.note} className="advisory-reply" />
              <AttachedLinks links={detail.links} />
            </>
          ) : (
            <p className="advisory-detail__waiting">專家尚未回覆。</p>
          )}
        </section>
        <section aria-labelledby="advisory-photos-heading" className="advisory-detail__section">
          <h2 id="advisory-photos-heading" className="advisory-detail__heading">
            照片
          </h2>
          <LinkTabs label="照片分類" tabs={tabs} selectedKey={group} idPrefix="advisory-photo">
            <PhotoGrid
              photos={photos.filter((photo) => photo.datatype === group)}
              label={advisoryPhotoGroupLabels[group]}
            />
          </LinkTabs>
        </section>
      </article>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailErrorPage
      error={error}
      list={{ title: '圖像諮詢問答', href: '/consultation/advisory', backLabel: '圖像諮詢問答列表' }}
      missingMessage={notFoundMessage}
      failureMessage="很抱歉，系統暫時無法顯示這筆諮詢，請稍後再試。"
    />
  );
}
