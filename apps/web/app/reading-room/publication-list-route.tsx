import {
  pageFromQuery,
  publicationYearRanges,
  readingRoomPageSizes,
  trustedHtml,
  yearRangeFromQuery,
} from '@pest/contracts';
import { redirect } from 'react-router';
import { LinkTabs } from '../ui/link-tabs';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { DemoBadge } from '../ui/demo-label';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/publication-list-route';
import { CoverCard } from './cover-card';
import { lastPage, publicationDetailHref, withQuery } from './reading-room-links';
import './reading-room.css';

const pageSize = readingRoomPageSizes.publications;
const defaultYears = publicationYearRanges[0].key;
const listHref = (years: string, page: number) =>
  withQuery('/publication', { years, page }, { years: defaultYears, page: 1 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const range = yearRangeFromQuery(params.get('years'));
  const page = pageFromQuery(params.get('page'));
  const result = await context.services.readingRoom.listPublications({ yearRange: range, page, pageSize });
  const last = lastPage(result.total, pageSize);
  if (page > last) throw redirect(listHref(range.key, last));
  return { years: range.key, result };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data ? `出版品（${data.years}）` : '出版品',
    description: '植物保護圖鑑、病蟲害防治技術專刊、推廣手冊與植保季刊，可線上閱讀與下載 PDF。',
    path: '/publication',
  });

export default function PublicationListRoute({ loaderData }: Route.ComponentProps) {
  const { years, result } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '出版品', link: '/publication' }, { title: years }]} />
      <div className="container rr-page">
        <h1 className="rr-page__title">出版品</h1>
        <LinkTabs
          label="出版年份"
          idPrefix="publication-years"
          selectedKey={years}
          tabs={publicationYearRanges.map((range) => ({
            key: range.key,
            label: range.key,
            href: listHref(range.key, 1),
          }))}
        >
          <p className="rr-count">
            {years} 年共 {result.total} 筆出版品
          </p>
          {result.items.length === 0 ? (
            <NoData message={trustedHtml`這個年份區間目前沒有出版品`} />
          ) : (
            <ul className="rr-grid rr-grid--dense">
              {result.items.map((publication) => (
                <li key={publication.id}>
                  <CoverCard
                    href={publicationDetailHref(publication.id)}
                    title={publication.title}
                    img={publication.img}
                    imgWidth={publication.img_width}
                    imgHeight={publication.img_height}
                    kicker={
                      <>
                        {publication.year} 年{publication.demo ? <DemoBadge /> : null}
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            dataLen={result.total}
            page={result.page}
            pageSize={pageSize}
            hrefForPage={(page) => listHref(years, page)}
          />
        </LinkTabs>
      </div>
    </>
  );
}
