import { ipmSearchKeywords, pageFromQuery, readingRoomPageSizes, termFromQuery } from '@pest/contracts';
import { redirect } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/ipm-search-route';
import { IpmSheetCard } from './cover-card';
import { KeywordSearchPage, keywordSearchHref } from './keyword-search-page';
import { lastPage } from './reading-room-links';
import './reading-room.css';

const path = '/search/IPM';
const pageSize = readingRoomPageSizes.ipmSearch;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const term = termFromQuery(params.get('term'));
  const page = pageFromQuery(params.get('page'));
  const result = await context.services.readingRoom.searchIpmSheets({ term, page, pageSize });
  const last = lastPage(result.total, pageSize);
  if (page > last) throw redirect(keywordSearchHref(path, term, last));
  return { term, result };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.term ? `「${data.term}」的 IPM 查詢結果` : 'IPM 查詢',
    description: '以關鍵字查詢整合性病蟲害管理（IPM）技術資料。',
    path,
  });

export default function IpmSearchRoute({ loaderData }: Route.ComponentProps) {
  const { term, result } = loaderData;
  return (
    <KeywordSearchPage
      title="IPM 查詢"
      path={path}
      term={term}
      keywords={ipmSearchKeywords}
      placeholder="輸入作物或病蟲害名稱，例如：番茄"
      inputId="ipm-search-term"
      everythingLabel="全部 IPM 技術資料"
      nothingFound={`查無「${term}」的 IPM 技術資料，請換個關鍵字再試。`}
      total={result.total}
      page={result.page}
      pageSize={pageSize}
    >
      {result.items.map((item) => (
        <li key={item.id}>
          <IpmSheetCard sheet={item} />
        </li>
      ))}
    </KeywordSearchPage>
  );
}
