import { escapeHtml, ipmSearchKeywords, pageFromQuery, readingRoomPageSizes, termFromQuery } from '@pest/contracts';
import { redirect } from 'react-router';
import { SearchSideMenu } from '../site/search-side-menu';
import { pageMeta } from '../site/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/ipm-search-route';
import { CoverCard } from './cover-card';
import { KeywordSearchForm } from './keyword-search-form';
import { ipmDetailHref, lastPage, withQuery } from './reading-room-links';
import './reading-room.css';

const pageSize = readingRoomPageSizes.ipmSearch;
const searchHref = (term: string, page: number) => withQuery('/search/IPM', { term, page }, { page: 1 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const term = termFromQuery(params.get('term'));
  const page = pageFromQuery(params.get('page'));
  const result = await context.services.readingRoom.searchIpmSheets({ term, page, pageSize });
  const last = lastPage(result.total, pageSize);
  if (page > last) throw redirect(searchHref(term, last));
  return { term, result };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.term ? `「${data.term}」的 IPM 查詢結果` : 'IPM 查詢',
    description: '以關鍵字查詢整合性病蟲害管理（IPM）技術資料。',
    path: '/search/IPM',
  });

export default function IpmSearchRoute({ loaderData }: Route.ComponentProps) {
  const { term, result } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '查詢', link: '/search/bug' }, { title: 'IPM 查詢' }]} />
      <div className="container search-layout">
        <aside className="search-layout__menu">
          <SearchSideMenu />
        </aside>
        <div className="search-layout__main">
          <h1 className="search-layout__title">IPM 查詢</h1>
          <KeywordSearchForm
            action="/search/IPM"
            term={term}
            keywords={ipmSearchKeywords}
            placeholder="輸入作物或病蟲害名稱，例如：番茄"
            inputId="ipm-search-term"
          />
          <p className="rr-count" role="status">
            {term ? `「${term}」` : '全部 IPM 技術資料'}共 {result.total} 筆
          </p>
          {result.items.length === 0 ? (
            <NoData message={escapeHtml(`查無「${term}」的 IPM 技術資料，請換個關鍵字再試。`)} />
          ) : (
            <ul className="rr-result-list">
              {result.items.map((item) => (
                <li key={item.id}>
                  <CoverCard
                    href={ipmDetailHref(item.id)}
                    title={item.title}
                    img={item.img}
                    imgWidth={item.img_width}
                    imgHeight={item.img_height}
                    kicker={item.name}
                    detail={item.detail}
                  />
                </li>
              ))}
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
