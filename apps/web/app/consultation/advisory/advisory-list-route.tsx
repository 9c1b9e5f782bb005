import { advisoryPageSize, type AdvisoryCard } from '@pest/contracts';
import { data, Form, Link, redirect } from 'react-router';
import { appUrl } from '../../kernel/file-url';
import { pageMeta } from '../../kernel/page-meta';
import { Breadcrumb } from '../../ui/breadcrumb';
import { formatDateTime, isoDateTime } from '../../ui/format-date-time';
import { NoData } from '../../ui/no-data';
import { pageCount, Pagination } from '../../ui/pagination';
import { SideMenu, WithSideMenu } from '../../ui/side-menu';
import type { Route } from './+types/advisory-list-route';
import { advisoryDetailHref, advisoryHref, parseAdvisoryQuery, type AdvisoryQuery } from './advisory-query';
import './advisory.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, error } = parseAdvisoryQuery(url.searchParams);
  const result = await context.services.consultation.advisory.listPublishedCases(query);
  const lastPage = Math.max(1, pageCount(result.total, advisoryPageSize));
  if (!error && query.page > lastPage) throw redirect(advisoryHref({ ...query, page: lastPage }));
  // A refused term stays in the box so it can be corrected.
  const typedTerm = error ? (url.searchParams.get('term') ?? '') : query.term;
  const payload = { query, typedTerm, error, result };
  return error ? data(payload, { status: 400 }) : payload;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const crop = loaderData?.query.crop;
  return pageMeta(matches[0].loaderData, {
    title: crop ? `圖像諮詢問答－${crop}` : '圖像諮詢問答',
    description: '農友拍照詢問作物病蟲害，由專家回覆的圖像諮詢問答，可依作物與關鍵字查詢。',
    path: '/consultation/advisory',
  });
};

function SearchForm({ query, typedTerm, error }: { query: AdvisoryQuery; typedTerm: string; error: string | null }) {
  return (
    <Form method="get" action="/consultation/advisory" role="search" className="advisory-search">
      <div className="search-box">
        <label htmlFor="advisory-term" className="visually-hidden">
          關鍵字
        </label>
        <input
          id="advisory-term"
          name="term"
          type="search"
          maxLength={100}
          defaultValue={typedTerm}
          key={typedTerm}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'advisory-search-error' : undefined}
          placeholder="輸入症狀、病蟲害名稱或地點"
          className="search-box__input"
          enterKeyHint="search"
        />
        {query.crop ? <input type="hidden" name="crop" value={query.crop} /> : null}
        <button type="submit" className="button button--primary">
          搜尋
        </button>
      </div>
      {error ? (
        <p id="advisory-search-error" className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

function CaseCard({ item }: { item: AdvisoryCard }) {
  return (
    <li className="advisory-card">
      <Link className="advisory-card__link" to={advisoryDetailHref(item.id)}>
        <span className="advisory-card__media">
          {item.picnow ? (
            <img
              className="advisory-card__image"
              src={appUrl(item.picnow)}
              alt=""
              width={320}
              height={240}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="advisory-card__placeholder" aria-hidden="true">
              {item.cname.slice(0, 1)}
            </span>
          )}
        </span>
        <span className="advisory-card__body">
          <span className="advisory-card__meta">
            <time dateTime={isoDateTime(item.announceTime)}>{formatDateTime(item.announceTime)}</time>
            {item.demo ? <span className="advisory-badge">示範案例</span> : null}
            {item.replied ? (
              <span className="advisory-badge advisory-badge--replied">已回覆</span>
            ) : (
              <span className="advisory-badge advisory-badge--waiting">待回覆</span>
            )}
          </span>
          <span className="advisory-card__title">
            {item.cname}
            <span className="advisory-card__place">・{item.place}</span>
          </span>
          <span className="advisory-card__summary">{item.describe}</span>
        </span>
      </Link>
    </li>
  );
}

export default function AdvisoryListRoute({ loaderData }: Route.ComponentProps) {
  const { query, typedTerm, error, result } = loaderData;
  const menuItems = [
    { key: '', label: '全部作物', href: advisoryHref({ term: query.term }), current: query.crop === '' },
    ...result.crops.map((crop) => ({
      key: crop.cname,
      label: `${crop.cname}（${crop.count}）`,
      href: advisoryHref({ crop: crop.cname, term: query.term }),
      current: crop.cname === query.crop,
    })),
  ];
  return (
    <>
      <Breadcrumb items={[{ title: '病蟲害諮詢', link: '/consultation' }, { title: '圖像諮詢問答' }]} />
      <WithSideMenu menu={<SideMenu label="依作物瀏覽諮詢" heading="作物" items={menuItems} />}>
        <div className="advisory-heading">
          <h1 className="page-title">圖像諮詢問答{query.crop ? `－${query.crop}` : ''}</h1>
          <Link to="/consultation/form" className="button button--primary advisory-heading__ask">
            我要諮詢
          </Link>
        </div>
        <SearchForm query={query} typedTerm={typedTerm} error={error} />
        <p className="advisory-count" aria-live="polite" aria-atomic="true">
          共 {result.total} 筆{query.term ? `，「${query.term}」的查詢結果` : ''}
        </p>
        {result.items.length === 0 ? (
          <NoData />
        ) : (
          <ul className="advisory-cards" aria-label="諮詢案例">
            {result.items.map((item) => (
              <CaseCard key={item.id} item={item} />
            ))}
          </ul>
        )}
        <Pagination
          dataLen={result.total}
          page={result.page}
          pageSize={result.pageSize}
          hrefForPage={(page) => advisoryHref({ ...query, page })}
        />
      </WithSideMenu>
    </>
  );
}
