/** The list's state in its address: the tab and the keyword. */
export interface DiscussionListQuery {
  tab: 'all' | 'mine';
  q: string;
}

export function readListQuery(url: URL): DiscussionListQuery {
  const q = (url.searchParams.get('q') ?? '')
    .trim()
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 100);
  return { tab: url.searchParams.get('tab') === 'mine' ? 'mine' : 'all', q };
}

export function listHref(query: DiscussionListQuery): string {
  const params = new URLSearchParams();
  if (query.tab === 'mine') params.set('tab', 'mine');
  if (query.q) params.set('q', query.q);
  const search = params.toString();
  return search ? `/expert?${search}` : '/expert';
}

/** The detail page's id: a positive decimal number within int4, otherwise null (the not-found state). */
export function detailId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
