import { photoGroupLabels, photoGroups } from '@pest/contracts';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { isServiceError } from '../../admin';
import { pageMeta } from '../../kernel/page-meta';
import { formatDateTime } from '../../ui/format-date-time';
import { notFound } from '../../ui/not-found';
import { RichText } from '../../ui/rich-text';
import type { Route } from './+types/followed-case-route';
import { CasePushToggle } from './case-push-toggle';
import './consultation-form.css';

const missing = '找不到這筆諮詢，連結可能有誤或不完整。';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const withdrawn = query.get('withdrawn');
  // After a withdrawal the link leads nowhere: this page says what was done instead.
  if (!query.has('token') && (withdrawn === 'deleted' || withdrawn === 'kept')) {
    return { case: null, withdrawn, confirming: false, token: '' } as const;
  }
  const token = query.get('token') ?? '';
  const found = await context.services.consultation.form.findFollowedCase(token);
  if (!found) throw notFound(missing);
  return { case: found, withdrawn: null, confirming: query.get('withdraw') === '1', token } as const;
}

/**
 * 撤回並刪除: a form post (the platform's cross-origin check guards it) with the
 * token and the confirmation from the second step; works without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const done = await context.services.consultation.form.withdrawCase({
      token: String(form.get('token') ?? ''),
      confirm: String(form.get('confirm') ?? ''),
    });
    return redirect(`/consultation/case?withdrawn=${done.keptAnonymised ? 'kept' : 'deleted'}`, 303);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    if (error.statusCode === 404) throw notFound(missing);
    return { error: error.message };
  }
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
export default function FollowedCaseRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { case: followed, withdrawn, confirming, token } = loaderData;
  const navigation = useNavigation();
  if (!followed) {
    return (
      <div className="container consultation-form">
        <h1 className="consultation-form__title">已撤回諮詢</h1>
        <p role="status">
          {withdrawn === 'kept'
            ? '已刪除您的姓名、聯絡資料與照片。依您送出時的同意，專家回覆以匿名方式保留在圖像諮詢問答中。'
            : '已刪除這筆諮詢，包括您的個人資料、照片與專家回覆。'}
        </p>
        <p>
          <Link to="/consultation/advisory">看其他人的諮詢</Link>
        </p>
      </div>
    );
  }
  const withdrawPath = `/consultation/case?token=${encodeURIComponent(token)}`;
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
      <CasePushToggle caseId={followed.id} token={token} />
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
      <section className="consultation-case__withdraw" aria-labelledby="followed-withdraw">
        <h2 id="followed-withdraw">撤回並刪除</h2>
        <p>
          撤回後，這筆諮詢的照片與您的姓名、電話、電子郵件會被刪除，這個連結也不再能使用。
          {followed.published
            ? followed.publishConsent
              ? '由於您同意公開，已公開的專家回覆會以匿名方式（不含照片）保留在圖像諮詢問答中。'
              : '已公開的這筆問答也會從圖像諮詢問答中移除。'
            : ''}
        </p>
        {actionData?.error ? (
          <p className="consultation-form__alert" role="alert">
            {actionData.error}
          </p>
        ) : null}
        {confirming ? (
          <Form method="post" action={withdrawPath} className="consultation-case__confirm">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="confirm" value="yes" />
            <p role="status">
              <strong>確定要撤回並刪除案件編號 {followed.id} 嗎？刪除後無法復原。</strong>
            </p>
            <div className="consultation-form__actions">
              <Link className="consultation-form__secondary" to={withdrawPath}>
                取消
              </Link>
              <button
                type="submit"
                className="consultation-form__primary consultation-case__danger"
                disabled={navigation.state === 'submitting'}
              >
                確定撤回並刪除
              </button>
            </div>
          </Form>
        ) : (
          <p>
            <Link className="consultation-form__secondary" to={`${withdrawPath}&withdraw=1`}>
              撤回並刪除
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
