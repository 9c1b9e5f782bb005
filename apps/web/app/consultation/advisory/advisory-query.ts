import { advisoryListQuerySchema, advisoryPhotoGroups, type AdvisoryPhotoGroup } from '@pest/contracts';

/** Everything the archive page shows lives in its query: crop, words, page (shareable, Back works). */
export interface AdvisoryQuery {
  crop: string;
  term: string;
  page: number;
}

/**
 * Reads the archive's query with the call's own contract. A malformed field falls back to its
 * default and its message is kept for the page (a too-long term stays visible to be corrected).
 */
export function parseAdvisoryQuery(params: URLSearchParams): { query: AdvisoryQuery; error: string | null } {
  const raw = {
    crop: params.get('crop') ?? '',
    term: params.get('term') ?? '',
    page: params.get('page') ?? '1',
  };
  const parsed = advisoryListQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, error: null };
  const query: AdvisoryQuery = { crop: '', term: '', page: 1 };
  for (const key of ['crop', 'term', 'page'] as const) {
    const field = advisoryListQuerySchema.shape[key].safeParse(raw[key]);
    if (field.success) Object.assign(query, { [key]: field.data });
  }
  return { query, error: parsed.error.issues[0]?.message ?? '查詢條件有誤' };
}

/** The archive's address for a query; defaults are left out, so each result page has one address. */
export function advisoryHref(query: Partial<AdvisoryQuery>): string {
  const params = new URLSearchParams();
  if (query.crop) params.set('crop', query.crop);
  if (query.term) params.set('term', query.term);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/consultation/advisory?${search}` : '/consultation/advisory';
}

export function advisoryDetailHref(id: number, photo?: AdvisoryPhotoGroup): string {
  return `/consultation/advisory/detail?id=${id}${photo && photo !== 'pic1' ? `&photo=${photo}` : ''}`;
}

/** The photo tab of the detail page's query; anything else is the far photos. */
export function selectPhotoGroup(value: string | null): AdvisoryPhotoGroup {
  return advisoryPhotoGroups.find((group) => group === value) ?? 'pic1';
}
