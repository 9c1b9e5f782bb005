import { mediaSearchKeywords, pageFromQuery, readingRoomPageSizes, termFromQuery } from '@pest/contracts';
import { redirect } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { formatContentTime } from '../ui/format-date-time';
import type { Route } from './+types/media-search-route';
import { CoverCard } from './cover-card';
import { KeywordSearchPage, keywordSearchHref } from './keyword-search-page';
import { lastPage, publicationDetailHref, videoDetailHref } from './reading-room-links';
import './reading-room.css';

const path = '/search/video';
const pageSize = readingRoomPageSizes.mediaSearch;

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
  if (page > last) throw redirect(keywordSearchHref(path, term, last));
  return { term, result };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.term ? `「${data.term}」的影音及出版品查詢結果` : '影音及出版品查詢',
    description: '以關鍵字同時查詢病蟲害管理教學影片與出版品。',
    path,
  });

export default function MediaSearchRoute({ loaderData }: Route.ComponentProps) {
  const { term, result } = loaderData;
  return (
    <KeywordSearchPage
      title="影音及出版品查詢"
      path={path}
      term={term}
      keywords={mediaSearchKeywords}
      placeholder="輸入關鍵字，例如：福壽螺"
      inputId="media-search-term"
      everythingLabel="全部影音及出版品"
      nothingFound={`查無「${term}」的影片或出版品，請換個關鍵字再試。`}
      total={result.total}
      page={result.page}
      pageSize={pageSize}
    >
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
                  <time dateTime={item.published_at}>{formatContentTime(item.published_at)}</time>
                </>
              }
              detail={item.detail}
            />
          </li>
        );
      })}
    </KeywordSearchPage>
  );
}
