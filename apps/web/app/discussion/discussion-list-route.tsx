import { discussionMessages, trustedHtml } from '@pest/contracts';
import { Link, useNavigation } from 'react-router';
import { appUrl } from '../kernel/file-url';
import { pageMeta } from '../kernel/page-meta';
import { formatDateTime, isoDateTime } from '../ui/format-date-time';
import { NoData } from '../ui/no-data';
import { Spinner } from '../ui/spinner';
import type { Route } from './+types/discussion-list-route';
import { listHref, readListQuery } from './discussion-query';
import { DemoModeBanner, DiscussionProfileBar, DiscussionSignIn } from './discussion-sign-in';
import { LineMyData } from './privacy/line-my-data';
import './discussion.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readListQuery(new URL(request.url));
  const { discussion } = context.services;
  const { session, actor } = await discussion.pageState(request.headers.get('cookie'), await context.getViewer());
  const canRead = session.profile !== null || session.staff;
  const questions = canRead
    ? await discussion.listQuestions(actor, { keyword: query.q, mine: query.tab === 'mine' })
    : [];
  // A LINE person's own download and erasure (decision 0312).
  const myData = actor.identity ? await discussion.privacy.exportStatus(actor.identity.id) : null;
  return { session, query, canRead, questions, myData, hasIdentity: actor.identity !== null };
}

// Personal: who is signed in decides what the page holds.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '專家討論區',
    description: '在 LINE 上附照片發問，由專家與農友留言討論作物病蟲害與生理障礙。',
    path: '/expert',
  });

export default function DiscussionListRoute({ loaderData }: Route.ComponentProps) {
  const { session, query, canRead, questions, myData, hasIdentity } = loaderData;
  const navigation = useNavigation();
  const tabs = [
    { key: 'all', label: '全部' },
    { key: 'mine', label: '我的提問' },
  ] as const;
  return (
    <div className="container discussion">
      <h1 className="page-title">專家討論區</h1>
      <DemoModeBanner session={session} />
      {!canRead ? (
        <DiscussionSignIn session={session} />
      ) : (
        <>
          <div className="discussion-toolbar">
            <DiscussionProfileBar session={session} />
            {session.profile ? (
              <Link to="/expert/form" className="button button--primary discussion-ask">
                我要發問
              </Link>
            ) : null}
          </div>
          {hasIdentity ? <LineMyData status={myData} /> : null}
          <nav aria-label="討論分類" className="discussion-tabs">
            {tabs.map((tab) => (
              <Link
                key={tab.key}
                to={listHref({ ...query, tab: tab.key })}
                className={tab.key === query.tab ? 'discussion-tabs__tab is-current' : 'discussion-tabs__tab'}
                aria-current={tab.key === query.tab ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            ))}
          </nav>
          <form method="get" action={appUrl('expert')} className="discussion-search" role="search">
            {query.tab === 'mine' ? <input type="hidden" name="tab" value="mine" /> : null}
            <label htmlFor="discussion-keyword" className="visually-hidden">
              關鍵字（問題描述或備註）
            </label>
            <input
              id="discussion-keyword"
              name="q"
              type="search"
              defaultValue={query.q}
              maxLength={100}
              placeholder="輸入關鍵字"
              key={query.q}
            />
            <button type="submit" className="button button--primary">
              搜尋
            </button>
            <Link to={listHref({ ...query, q: '' })} className="button">
              清除
            </Link>
          </form>
          {navigation.state === 'loading' ? <Spinner /> : null}
          {questions.length === 0 ? (
            <NoData message={trustedHtml`暫無討論`} />
          ) : (
            <ul className="discussion-list" aria-label={query.tab === 'mine' ? '我的提問' : '全部提問'}>
              {questions.map((question) => {
                const cover = question.photos.find((photo) => photo.status === 'ready');
                return (
                  <li key={question.id} className="discussion-card">
                    <Link to={`/expert/detail/${question.id}`} className="discussion-card__link">
                      {cover ? (
                        <img
                          className="discussion-card__photo"
                          src={appUrl(cover.thumbUrl)}
                          alt=""
                          width={96}
                          height={72}
                          loading="lazy"
                        />
                      ) : (
                        <span className="discussion-card__photo discussion-card__photo--none" aria-hidden="true">
                          {question.photos.some((photo) => photo.status === 'processing')
                            ? discussionMessages.photosProcessing
                            : ''}
                        </span>
                      )}
                      <span className="discussion-card__body">
                        <span className="discussion-card__tags">
                          {question.dclass}・
                          {question.type === '其他' && question.typeOther ? question.typeOther : question.type}
                        </span>
                        <span className="discussion-card__describe">{question.describe}</span>
                        <span className="discussion-card__meta">
                          <time dateTime={isoDateTime(question.newtime)}>{formatDateTime(question.newtime)}</time>・
                          {question.username}・留言 {question.comments}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
