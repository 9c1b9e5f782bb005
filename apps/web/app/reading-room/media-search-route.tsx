import { escapeHtml, mediaSearchKeywords, pageFromQuery, readingRoomPageSizes, termFromQuery } from '@pest/contracts';
import { redirect } from 'react-router';
import { formatDateTime } from '../ui/format-date-time';
import { SearchSideMenu } from '../site/search-side-menu';
import { pageMeta } from '../site/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/media-search-route';
import { CoverCard } from './cover-card';
import { KeywordSearchForm } from './keyword-search-form';
import { lastPage, publicationDetailHref, videoDetailHref, withQuery } from './reading-room-links';
import './reading-room.css';

const pageSize = readingRoomPageSizes.mediaSearch;
const searchHref = (term: string, page: number) => withQuery('/search/video', { term, page }, { page: 1 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const term = termFromQuery(params.get('term'));
  const page = pageFromQuery(params.get('page'));
  const result = await context.services.readingRoom.searchMedia({
    term,
    kinds: ['publication', 'video'],
    page,
    pageSize,
  });
  const last = lastPage(result.total, pageSize);
  if (page > last) throw redirect(searchHref(term, last));
  return { term, result };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.term ? `「${data.term}」的影音及出版品查詢結果` : '影音及出版品查詢',
    description: '以關鍵字同時查詢病蟲害管理教學影片與出版品。',
    path: '/search/video',
  });

export default function MediaSearchRoute({ loaderData }: Route.ComponentProps) {
  const { term, result } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '查詢', link: '/search/bug' }, { title: '影音及出版品查詢' }]} />
      <div className="container search-layout">
        <aside className="search-layout__menu">
          <SearchSideMenu />
        </aside>
        <div className="search-layout__main">
          <h1 className="search-layout__title">影音及出版品查詢</h1>
          <KeywordSearchForm
            action="/search/video"
            term={term}
            keywords={mediaSearchKeywords}
            placeholder="輸入關鍵字，例如：福壽螺"
            inputId="media-search-term"
          />
          <p className="rr-count" role="status">
            {term ? `「${term}」` : '全部影音及出版品'}共 {result.total} 筆
          </p>
          {result.items.length === 0 ? (
            <NoData message={escapeHtml(`查無「${term}」的影片或出版品，請換個關鍵字再試。`)} />
          ) : (
            <ul className="rr-result-list">
              {result.items.map((item) => {
                const isPublication = item.tp === '1';
                return (
                  <li key={`${item.tp}-${item.id}`}>
                    <CoverCard
                      href={isPublication ? publicationDetailHref(item.id) : videoDetailHref(item.id)}
                      title={item.title}
                      img={item.img}
                      imgWidth={item.img_width}
                      imgHeight={item.img_height}
                      kicker={
                        <>
                          <span className={isPublication ? 'rr-badge' : 'rr-badge rr-badge--video'}>
                            {isPublication ? '出版品' : '影片'}
                          </span>{' '}
                          <time dateTime={item.published_at}>{formatDateTime(item.published_at)}</time>
                        </>
                      }
                      detail={item.detail}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination
            dataLen={result.total}
            page={result.page}
            pageSize={pageSize}
            hrefForPage={(page) => searchHref(term, page)}
          />
        </div>
      </div>
    </>
  );
}
