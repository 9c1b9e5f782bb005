/**
 * The path of a raw request URL as the routers read it (decision 0298): the query and fragment
 * cut off, percent-escapes decoded as `decodeURI` does (an escaped `/`, `?` or `;` stays
 * escaped, as Fastify's router keeps it), then the base path removed. A malformed escape leaves
 * the path as sent; the router refuses such a request anyway. Decisions that depend on where a
 * request goes read the matched route (`request.routeOptions`) first and this only where no
 * route has been matched yet (the page fast path) or the route is a catch-all.
 */
export function routedPath(url: string, basePath = ''): string {
  const end = url.search(/[?#]/);
  const raw = end < 0 ? url : url.slice(0, end);
  let path: string;
  try {
    path = decodeURI(raw);
  } catch {
    path = raw;
  }
  return basePath && (path === basePath || path.startsWith(`${basePath}/`)) ? path.slice(basePath.length) : path;
}

/**
 * A raw request URL as an absolute URL on `origin`. `new URL('//other.example/x', origin)` reads
 * a doubled leading slash as another host and the path as `/x`; the router sees `//other.example/x`,
 * and so must the page cache and React Router (decision 0298). An absolute-form URL keeps only
 * its path and query.
 */
export function requestUrlOn(url: string, origin: string): URL {
  if (url.startsWith('/')) return new URL(`${origin}${url}`);
  const absolute = URL.canParse(url) ? new URL(url) : null;
  return new URL(`${origin}${absolute ? `${absolute.pathname}${absolute.search}` : '/'}`);
}
