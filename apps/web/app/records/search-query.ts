import {
  formatTypeFilter,
  parseTypeFilter,
  recordTypes,
  searchPageSizes,
  searchTerm,
  typeFilter,
  type RecordType,
} from '@pest/contracts';

export type SearchView = keyof typeof searchPageSizes;

/** Everything the search page shows lives in its URL query (spec: shareable, back button works). */
export interface SearchQuery {
  term: string;
  /** Never empty: choosing no type means every type, like a first visit. */
  types: RecordType[];
  view: SearchView;
  page: number;
}

export interface ParsedSearchQuery {
  query: SearchQuery;
  /** Message for a term the contract refuses (too long, control characters); the term is then ignored. */
  termError: string | null;
}

const maxPage = 10_000;

function parsePage(value: string | null): number {
  if (!value || !/^\d{1,5}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= maxPage ? page : 1;
}

/**
 * Reads the search page's query. Accepts the canonical `ty=y,n,y,n` as well as the repeated
 * `type=pest&type=disease` a checkbox form sends when JavaScript is off; anything malformed
 * falls back to its default rather than failing the page.
 */
export function parseSearchQuery(params: URLSearchParams): ParsedSearchQuery {
  const rawTerm = params.get('term') ?? '';
  const term = searchTerm.safeParse(rawTerm);
  const termError = term.success ? null : (term.error.issues[0]?.message ?? '關鍵字格式不正確');

  const ty = params.get('ty');
  const checked = params.getAll('type');
  const chosen: RecordType[] =
    ty !== null && typeFilter.safeParse(ty).success
      ? parseTypeFilter(ty)
      : recordTypes.filter((type) => checked.includes(type));
  const types = chosen.length > 0 ? chosen : [...recordTypes];

  return {
    query: {
      term: term.success ? term.data : '',
      types,
      view: params.get('view') === 'grid' ? 'grid' : 'list',
      page: parsePage(params.get('page')),
    },
    termError,
  };
}

/** The canonical query string (without '?'); defaults are left out so shared links stay short. */
export function formatSearchQuery(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.term) params.set('term', query.term);
  if (query.types.length > 0 && query.types.length < recordTypes.length)
    params.set('ty', formatTypeFilter(query.types));
  if (query.view !== 'list') params.set('view', query.view);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/** `?query` or '' — for links. */
export function searchHref(query: SearchQuery, pathname = '/search/bug'): string {
  const search = formatSearchQuery(query);
  return search ? `${pathname}?${search}` : pathname;
}

/** Switching between list (10) and grid (40) keeps the first record of the current page in view. */
export function switchView(query: SearchQuery, view: SearchView): SearchQuery {
  if (view === query.view) return query;
  const firstIndex = (query.page - 1) * searchPageSizes[query.view];
  return { ...query, view, page: Math.floor(firstIndex / searchPageSizes[view]) + 1 };
}

export function pageCount(total: number, view: SearchView): number {
  return Math.max(1, Math.ceil(total / searchPageSizes[view]));
}
