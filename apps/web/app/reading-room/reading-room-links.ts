// Addresses of reading-room pages. Pages keep their state in the query, and defaults are left
// out so each state has one address.

type QueryValue = string | number | null | undefined;

/** `path` with the given query parameters, leaving out empty values and the named defaults. */
export function withQuery(path: string, params: Record<string, QueryValue>, defaults: Record<string, QueryValue> = {}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '' || value === defaults[name]) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const ipmHref = (category?: string) => withQuery('/IPM', { term: category });
export const ipmDetailHref = (id: number) => withQuery('/IPM/detail', { id });
export const publicationDetailHref = (id: number) => withQuery('/publication/detail', { id });
export const videoDetailHref = (id: number) => withQuery('/video/detail', { id });
export const quickDetailHref = (id: number) => withQuery('/quick/detail', { id });
export const newsDetailHref = (id: number) => withQuery('/news/detail', { id });

/** Last page for `total` items (at least 1, so an empty list is page 1 of 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
