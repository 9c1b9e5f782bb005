import { photoGroupLabels, photoGroups } from '@pest/contracts';
import { Link } from 'react-router';
import { pageMeta } from '../../kernel/page-meta';
import { formatDateTime } from '../../ui/format-date-time';
import { notFound } from '../../ui/not-found';
import { RichText } from '../../ui/rich-text';
import type { Route } from './+types/followed-case-route';
import './consultation-form.css';

const missing = '找不到這筆諮詢，連結可能有誤或不完整。';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const found = await context.services.consultation.form.findFollowedCase(token);
  if (!found) throw notFound(missing);
  return { case: found };
}

// The link is the asker's key to their case: never cached, never indexed, never sent on as a referrer.
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
});

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches[0].loaderData, { title: '我的諮詢', path: '/consultation/case' }),
  { name: 'robots', content: 'noindex' },
];

/** The asker's private page (the link in their mail, no login): their case, photos and the reply. */
export default function FollowedCaseRoute({ loaderData }: Route.ComponentProps) {
  const { case: followed } = loaderData;
  return (
    <div className="container consultation-form">
      <h1 className="consultation-form__title">我的諮詢（案件編號 {followed.id}）</h1>
      <dl className="consultation-case__facts">
        <dt>送出時間</dt>
        <dd>{formatDateTime(followed.submittedAt)}</dd>
        <dt>地點</dt>
        <dd>
          {followed.county}
          {followed.township}
        </dd>
        <dt>作物</dt>
        <dd>{followed.crop}</dd>
        <dt>狀況描述</dt>
        <dd className="consultation-case__description">{followed.description}</dd>
      </dl>
      <section aria-labelledby="followed-reply">
        <h2 id="followed-reply">專家回覆</h2>
        {followed.replyHtml ? (
          <>
            <p className="consultation-form__hint">{formatDateTime(followed.repliedAt)}</p>
            <RichText html={followed.replyHtml} />
          </>
        ) : (
          <p>專家尚未回覆，回覆後我們會寄信通知您。</p>
        )}
      </section>
      {photoGroups.map((group) => {
        const photos = followed.photos.filter((photo) => photo.group === group);
        if (photos.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`followed-${group}`}>
            <h2 id={`followed-${group}`}>{photoGroupLabels[group]}</h2>
            <ul className="consultation-case__photos">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={photo.url.replace('/mod/', '/full/')}>
                    <img src={photo.url} alt={`${photoGroupLabels[group]} 第 ${index + 1} 張`} loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p>
        <Link to="/consultation/advisory">看其他人的諮詢</Link>
      </p>
    </div>
  );
}
