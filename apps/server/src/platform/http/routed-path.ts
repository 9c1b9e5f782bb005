/** The path of a raw request URL as the routers read it (decision 0298). */
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

/** A raw request URL as an absolute URL on `origin`. Why: decision 0298. */
export function requestUrlOn(url: string, origin: string): URL {
  if (url.startsWith('/')) return new URL(`${origin}${url}`);
  const absolute = URL.canParse(url) ? new URL(url) : null;
  return new URL(`${origin}${absolute ? `${absolute.pathname}${absolute.search}` : '/'}`);
}
