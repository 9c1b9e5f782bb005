import { recordTypeLabels, recordTypes, searchPageSizes, type RecordType } from '@pest/contracts';
import type { FormEvent } from 'react';
import { data, Form, Link, redirect, useNavigate } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import type { Route } from './+types/record-search-route';
import { RecordCard } from './record-card';
import { recordKindLabel } from './record-labels';
import { RecordLinkList } from './record-link-list';
import { cropPesticideHref } from './record-tabs';
import {
  formatSearchQuery,
  pageCount,
  parseSearchQuery,
  searchHref,
  switchView,
  type SearchQuery,
  type SearchView,
} from './search-query';
import { SearchSideMenu } from '../kernel/search-side-menu';
import { WithSideMenu } from '../ui/side-menu';
import './records.css';
import './record-lists.css';

/** How many hot and new links the search page lists. */
const shortListLength = 8;
/** How many nearest names a search that finds nothing offers. */
const suggestionCount = 5;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, termError } = parseSearchQuery(url.searchParams);
  // One address per result page: a form sent without JavaScript (type=…), a stray parameter or a
  // default written out is sent on to the canonical query, so links shared are always the same.
  const canonical = formatSearchQuery(query);
  if (!termError && canonical !== url.searchParams.toString()) {
    throw redirect(canonical ? `${url.pathname}?${canonical}` : url.pathname);
  }

  const { records } = context.services;
  const [result, hot, latest, recordCount, crop] = await Promise.all([
    records.searchRecords({
      term: query.term,
      types: query.types,
      page: query.page,
      pageSize: searchPageSizes[query.view],
      // A term that finds nothing offers the nearest names, found in the same transaction; a later page
      // that finds nothing is sent back to the first below, which offers them.
      suggest: query.term && query.page === 1 ? suggestionCount : undefined,
    }),
    records.listHotRecords(shortListLength),
    records.listNewRecords(shortListLength),
    records.countRecords(),
    // A term that names a crop, by any of its names (decision 0360), offers the crop's own pages.
    query.term ? records.resolveCrop(query.term) : null,
  ]);
  const lastPage = pageCount(result.total, query.view);
  if (query.page > lastPage) throw redirect(searchHref({ ...query, page: lastPage }, url.pathname));

  const { suggestions = [], ...found } = result;
  // A refused term stays in the box so it can be corrected.
  const typedTerm = termError ? (url.searchParams.get('term') ?? '') : query.term;
  const payload = { query, typedTerm, termError, result: found, hot, latest, recordCount, suggestions, crop };
  return termError ? data(payload, { status: 400 }) : payload;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const term = loaderData?.query.term;
  return pageMeta(matches[0].loaderData, {
    title: term ? `「${term}」的病蟲害查詢結果` : '病蟲害查詢',
    description: '以名稱、英文名、學名或俗名查詢作物害蟲、病害、益蟲與蟎類的形態、生態、為害與防治資料。',
    path: '/search/bug',
  });
};

function SearchForm({
  query,
  typedTerm,
  termError,
}: {
  query: SearchQuery;
  typedTerm: string;
  termError: string | null;
}) {
  const navigate = useNavigate();
  // With JavaScript the form goes straight to the canonical address (ty=…); without it the
  // loader redirects there. A new keyword or filter always starts again at page 1.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = form.getAll('type');
    const types = recordTypes.filter((type) => checked.includes(type));
    const next: SearchQuery = {
      term: String(form.get('term') ?? '').trim(),
      types: types.length > 0 ? types : [...recordTypes],
      view: query.view,
      page: 1,
    };
    void navigate(searchHref(next));
  }

  return (
    <Form method="get" action="/search/bug" role="search" className="record-search-form" onSubmit={onSubmit}>
      <div className="search-box">
        <label htmlFor="record-search-term" className="visually-hidden">
          關鍵字
        </label>
        <input
          id="record-search-term"
          name="term"
          type="search"
          maxLength={100}
          defaultValue={typedTerm}
          key={typedTerm}
          aria-invalid={termError ? true : undefined}
          aria-describedby={termError ? 'record-search-error' : undefined}
          placeholder="輸入中文名、英文名、學名或俗名"
          className="search-box__input"
          enterKeyHint="search"
        />
        <button type="submit" className="button button--primary">
          搜尋
        </button>
      </div>
      {termError ? (
        <p id="record-search-error" className="form-error" role="alert">
          {termError}
        </p>
      ) : null}
      <fieldset className="type-filter">
        <legend className="type-filter__legend">類別</legend>
        {recordTypes.map((type: RecordType) => (
          <label key={`${type}-${query.types.includes(type)}`} className="type-filter__option">
            <input
              type="checkbox"
              className="field-check"
              name="type"
              value={type}
              defaultChecked={query.types.includes(type)}
            />
            {recordTypeLabels[type]}
          </label>
        ))}
      </fieldset>
      {query.view !== 'list' ? <input type="hidden" name="view" value={query.view} /> : null}
    </Form>
  );
}

function ViewToggle({ query }: { query: SearchQuery }) {
  const views: Array<[SearchView, string]> = [
    ['list', '列表'],
    ['grid', '格狀'],
  ];
  return (
    <nav className="view-toggle" aria-label="顯示方式">
      {views.map(([view, label]) => (
        <Link
          key={view}
          to={searchHref(switchView(query, view))}
          className="view-toggle__link"
          aria-current={view === query.view ? 'true' : undefined}
          preventScrollReset
        >
          <span className={`view-toggle__icon view-toggle__icon--${view}`} aria-hidden="true" />
          {label}
          <span className="visually-hidden">（每頁 {searchPageSizes[view]} 筆）</span>
        </Link>
      ))}
    </nav>
  );
}

export default function RecordSearchRoute({ loaderData }: Route.ComponentProps) {
  const { query, typedTerm, termError, result, hot, latest, recordCount, suggestions, crop } = loaderData;
  const pageSize = searchPageSizes[query.view];
  const first = (result.page - 1) * pageSize + 1;
  const last = first + result.items.length - 1;

  return (
    <>
      <Breadcrumb items={[{ title: '病蟲害查詢', link: '/search/bug' }]} />
      <WithSideMenu menu={<SearchSideMenu />}>
        <h1 className="page-title">病蟲害查詢</h1>
        <SearchForm query={query} typedTerm={typedTerm} termError={termError} />

        {crop ? (
          <p className="search-crop" role="note">
            {crop.name === query.term ? `「${crop.name}」是作物：` : `「${query.term}」即作物「${crop.name}」：`}
            {crop.name !== query.term ? (
              <>
                <Link to={searchHref({ ...query, term: crop.name, page: 1 })}>查詢「{crop.name}」</Link>、
              </>
            ) : null}
            <Link to={cropPesticideHref(crop.name)}>{crop.name}的登記用藥</Link>、
            <Link to={`/consultation/advisory?${new URLSearchParams({ crop: crop.name }).toString()}`}>
              {crop.name}的圖像諮詢問答
            </Link>
          </p>
        ) : null}

        <div className="search-summary">
          <p className="search-summary__count" aria-live="polite" aria-atomic="true">
            資料庫共收錄 {recordCount} 筆資料
            {query.term ? `，「${query.term}」` : ''}符合條件 {result.total} 筆
            {result.total > 0 ? `，顯示第 ${first}–${last} 筆` : ''}
          </p>
          <ViewToggle query={query} />
        </div>

        {result.total === 0 && query.term ? (
          <div className="search-suggestions">
            <p className="search-suggestions__notice" role="status">
              {suggestions.length > 0
                ? `查無「${query.term}」的相關資料，可能是關鍵字有誤，以下是相近的建議：`
                : `查無「${query.term}」的相關資料，可能是關鍵字有誤，請改用其他關鍵字再試一次。`}
            </p>
            {suggestions.length > 0 ? (
              <ul className="record-results record-results--list" aria-label="相近的建議">
                {suggestions.map((record) => (
                  <RecordCard key={record.id} record={record} view="list" list={formatSearchQuery(query)} />
                ))}
              </ul>
            ) : null}
          </div>
        ) : result.total === 0 ? (
          <NoData />
        ) : (
          <ul className={`record-results record-results--${query.view}`} aria-label="查詢結果">
            {result.items.map((record) => (
              <RecordCard key={record.id} record={record} view={query.view} list={formatSearchQuery(query)} />
            ))}
          </ul>
        )}

        <Pagination
          dataLen={result.total}
          page={result.page}
          pageSize={pageSize}
          hrefForPage={(page) => searchHref({ ...query, page })}
        />

        {hot.length > 0 || latest.length > 0 ? (
          <div className="record-shortlists">
            {hot.length > 0 ? (
              <section className="record-shortlist" aria-labelledby="search-hot-heading">
                <h2 id="search-hot-heading" className="record-shortlist__heading">
                  熱門查詢
                </h2>
                <RecordLinkList records={hot} newWindow ordered kindOf={recordKindLabel} />
              </section>
            ) : null}
            {latest.length > 0 ? (
              <section className="record-shortlist" aria-labelledby="search-new-heading">
                <h2 id="search-new-heading" className="record-shortlist__heading">
                  最新資料
                </h2>
                <RecordLinkList records={latest} newWindow kindOf={recordKindLabel} />
              </section>
            ) : null}
          </div>
        ) : null}
      </WithSideMenu>
    </>
  );
}
