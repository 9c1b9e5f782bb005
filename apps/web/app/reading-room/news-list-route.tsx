import {
  newsClassFromQuery,
  newsClassLabels,
  pageFromQuery,
  readingRoomPageSizes,
  trustedHtml,
  type NewsClassFilter,
} from '@pest/contracts';
import { Link, redirect } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { LinkTabs } from '../ui/link-tabs';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/news-list-route';
import { newsClassTabs } from './news-class-tabs';
import { lastPage, newsDetailHref, withQuery } from './reading-room-links';
import './reading-room.css';

const pageSize = readingRoomPageSizes.news;
const listHref = (newsClass: NewsClassFilter, page: number) =>
  withQuery('/news', { class: newsClass, page }, { class: 'all', page: 1 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const newsClass = newsClassFromQuery(params.get('class'));
  const page = pageFromQuery(params.get('page'));
  const result = await context.services.readingRoom.listNews({ class: newsClass, page, pageSize });
  const last = lastPage(result.total, pageSize);
  if (page > last) throw redirect(listHref(newsClass, last));
  return { newsClass, result };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    // The spec's route title NEWS, with the class when one is chosen.
    title: data && data.newsClass !== 'all' ? `NEWS－${newsClassLabels[data.newsClass]}` : 'NEWS',
    shareTitle: data && data.newsClass !== 'all' ? `最新消息－${newsClassLabels[data.newsClass]}` : '最新消息',
    description: '果樹、糧作、花卉、蔬菜與菇類的病蟲害警報、講習與推廣消息。',
    path: '/news',
  });

export default function NewsListRoute({ loaderData }: Route.ComponentProps) {
  const { newsClass, result } = loaderData;
  return (
    <>
      <Breadcrumb
        items={[
          { title: '最新消息', link: '/news' },
          ...(newsClass === 'all' ? [] : [{ title: newsClassLabels[newsClass] }]),
        ]}
      />
      <div className="container rr-page">
        <h1 className="rr-page__title">最新消息</h1>
        <LinkTabs
          label="消息類別"
          idPrefix="news-class"
          selectedKey={newsClass}
          tabs={newsClassTabs((value) => listHref(value, 1))}
        >
          {result.items.length === 0 ? (
            <NoData message={trustedHtml`目前沒有消息`} />
          ) : (
            <ul className="rr-news-list">
              {result.items.map((item) => (
                <li key={item.id} className="rr-news-list__item">
                  <p className="rr-news-list__meta">
                    <time dateTime={item.post_at}>{formatContentTime(item.post_at)}</time>
                    <span className="rr-badge">{item.class_name}</span>
                  </p>
                  <h2 className="rr-news-list__title">
                    <Link to={newsDetailHref(item.id)}>{item.title}</Link>
                  </h2>
                  {item.summary ? <p className="rr-news-list__summary">{item.summary}</p> : null}
                </li>
              ))}
            </ul>
          )}
          <Pagination
            dataLen={result.total}
            page={result.page}
            pageSize={pageSize}
            hrefForPage={(page) => listHref(newsClass, page)}
          />
        </LinkTabs>
      </div>
    </>
  );
}
