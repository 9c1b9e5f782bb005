import { escapeHtml } from '@pest/contracts';
import type { ReactNode } from 'react';
import { SearchSideMenu } from '../kernel/search-side-menu';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { Pagination } from '../ui/pagination';
import { WithSideMenu } from '../ui/side-menu';
import { KeywordSearchForm } from './keyword-search-form';
import { withQuery } from './reading-room-links';

/** The address of a page of a keyword search (page 1 is left out, as everywhere). */
export const keywordSearchHref = (path: string, term: string, page: number) =>
  withQuery(path, { term, page }, { page: 1 });

/**
 * A reading-room keyword search page (/search/IPM, /search/video): the search area's side menu,
 * the keyword box with its chips, the count, the results (`children`, list items) or the
 * no-data notice, and the pages.
 */
export function KeywordSearchPage({
  title,
  path,
  term,
  keywords,
  placeholder,
  inputId,
  everythingLabel,
  nothingFound,
  total,
  page,
  pageSize,
  children,
}: {
  title: string;
  path: string;
  term: string;
  keywords: readonly string[];
  placeholder: string;
  inputId: string;
  /** What the count names when there is no term, e.g. 全部 IPM 技術資料. */
  everythingLabel: string;
  /** The no-data notice for a term that found nothing. */
  nothingFound: string;
  total: number;
  page: number;
  pageSize: number;
  children: ReactNode;
}) {
  return (
    <>
      <Breadcrumb items={[{ title: '查詢', link: '/search/bug' }, { title }]} />
      <WithSideMenu menu={<SearchSideMenu />}>
        <h1 className="page-title">{title}</h1>
        <KeywordSearchForm action={path} term={term} keywords={keywords} placeholder={placeholder} inputId={inputId} />
        <p className="rr-count" role="status">
          {term ? `「${term}」` : everythingLabel}共 {total} 筆
        </p>
        {total === 0 ? <NoData message={escapeHtml(nothingFound)} /> : <ul className="rr-result-list">{children}</ul>}
        <Pagination
          dataLen={total}
          page={page}
          pageSize={pageSize}
          hrefForPage={(target) => keywordSearchHref(path, term, target)}
        />
      </WithSideMenu>
    </>
  );
}
