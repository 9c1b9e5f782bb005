import { useCallback, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import './ui.css';

/**
 * One step of the trail. An item without `link` is plain text. `showWhen` keeps the item only
 * when the current address (path plus query) matches `pattern` and, with `maxWidth`, only while
 * the window is at most that many pixels wide.
 */
export type BreadcrumbItem = {
  title: string;
  link?: string;
  queryParams?: Record<string, string | number | boolean | null | undefined>;
  showWhen?: { pattern: RegExp; maxWidth?: number };
};

/** The item's address: its link with the query parameters added (a query already in the link is kept). */
export function breadcrumbHref(link: string, queryParams: BreadcrumbItem['queryParams']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(queryParams ?? {})) {
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  const query = params.toString();
  if (!query) return link;
  const hashAt = link.indexOf('#');
  const [path, hash] = hashAt === -1 ? [link, ''] : [link.slice(0, hashAt), link.slice(hashAt)];
  return `${path}${path.includes('?') ? '&' : '?'}${query}${hash}`;
}

const widthQuery = (maxWidth: number) => `(max-width: ${maxWidth}px)`;

/**
 * Which of `widths` the window is at or below, as a comma-separated key; null while the width is
 * unknown (server render and hydration), when width-limited items are shown so the first HTML is
 * the same everywhere.
 */
function useWidthsAtMost(widths: readonly number[]): ReadonlySet<number> | null {
  const key = [...new Set(widths)].sort((a, b) => a - b).join(',');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = key ? key.split(',').map((width) => window.matchMedia(widthQuery(Number(width)))) : [];
      for (const list of lists) list.addEventListener('change', onChange);
      return () => {
        for (const list of lists) list.removeEventListener('change', onChange);
      };
    },
    [key],
  );
  const matched = useSyncExternalStore(
    subscribe,
    () =>
      key
        ? key
            .split(',')
            .filter((width) => window.matchMedia(widthQuery(Number(width))).matches)
            .join(',')
        : '',
    () => null,
  );
  return matched === null ? null : new Set(matched ? matched.split(',').map(Number) : []);
}

function HomeIcon() {
  return (
    <svg className="breadcrumb__home-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3L12 3Z" />
    </svg>
  );
}

/** Breadcrumb bar: a home link to the root, then the given items; the last is the current page. */
export function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  const location = useLocation();
  const address = `${location.pathname}${location.search}`;
  const widthsAtMost = useWidthsAtMost(items.flatMap((item) => item.showWhen?.maxWidth ?? []));

  const visible = items.filter((item) => {
    if (!item.showWhen) return true;
    // `search` ignores a global regex's lastIndex, so a shared /g pattern gives the same answer every time.
    if (address.search(item.showWhen.pattern) === -1) return false;
    const { maxWidth } = item.showWhen;
    return maxWidth === undefined || widthsAtMost === null || widthsAtMost.has(maxWidth);
  });
  const homeIsCurrent = visible.length === 0;

  return (
    <nav className="breadcrumb" aria-label="麵包屑">
      <ol className="breadcrumb__list container">
        <li className={homeIsCurrent ? 'breadcrumb__item breadcrumb__item--current' : 'breadcrumb__item'}>
          <Link prefetch="intent" to="/" className="breadcrumb__link" aria-current={homeIsCurrent ? 'page' : undefined}>
            <HomeIcon />
            首頁
          </Link>
        </li>
        {visible.map((item, index) => {
          const current = index === visible.length - 1;
          return (
            <li
              key={`${index}-${item.title}`}
              className={current ? 'breadcrumb__item breadcrumb__item--current' : 'breadcrumb__item'}
            >
              {item.link ? (
                <Link
                  prefetch="intent"
                  to={breadcrumbHref(item.link, item.queryParams)}
                  className="breadcrumb__link"
                  aria-current={current ? 'page' : undefined}
                >
                  {item.title}
                </Link>
              ) : (
                <span className="breadcrumb__text" aria-current={current ? 'page' : undefined}>
                  {item.title}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
