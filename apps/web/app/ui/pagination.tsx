import { useId, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import './ui.css';

export type PageItem = number | 'ellipsis';

/** Number of pages for `dataLen` items, `pageSize` per page. */
export function pageCount(dataLen: number, pageSize = 1): number {
  if (!Number.isFinite(dataLen) || !Number.isFinite(pageSize) || dataLen <= 0 || pageSize <= 0) return 0;
  return Math.ceil(dataLen / pageSize);
}

/**
 * The page numbers to show: the first, the last, the current page and its neighbours
 * within one page, in order, with 'ellipsis' for every gap — a gap of one page too, so page 4 of
 * 13 is `1 … 3 4 5 … 13`. A page outside 1..totalPages is treated as the nearest end.
 */
export function pageItems(page: number, totalPages: number): PageItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), totalPages);
  const shown = [...new Set([1, current - 1, current, current + 1, totalPages])]
    .filter((number) => number >= 1 && number <= totalPages)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const number of shown) {
    const previous = items.at(-1);
    if (typeof previous === 'number') {
      if (number - previous > 1) items.push('ellipsis');
    }
    items.push(number);
  }
  return items;
}

/** Pages up to which the dropdown offers every page. */
const everyPageUpTo = 100;

/**
 * The pages the dropdown offers: every page up to 100; beyond, the first ten, the current page and
 * ten either side, each multiple of every power of ten (10, 20 … 100, 200 … 1,000 …) and the last —
 * about 70 for 50,000 pages, where a dropdown of every page made a 2 MB page (docs/performance.md,
 * "Ten years of data").
 */
export function dropdownPages(page: number, totalPages: number): number[] {
  if (totalPages <= everyPageUpTo) return Array.from({ length: Math.max(0, totalPages) }, (_, index) => index + 1);
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), totalPages);
  const pages = new Set<number>([totalPages]);
  for (let number = 1; number <= 10; number += 1) pages.add(number);
  for (let number = Math.max(1, current - 10); number <= Math.min(totalPages, current + 10); number += 1)
    pages.add(number);
  for (let step = 10; step < totalPages; step *= 10) {
    for (let multiple = 1; multiple <= 9 && multiple * step <= totalPages; multiple += 1) pages.add(multiple * step);
  }
  return [...pages].sort((a, b) => a - b);
}

export type PaginationProps = {
  /** Total number of items. */
  dataLen: number;
  /** Current page, starting at 1. */
  page: number;
  /** Items per page; 1 when not given. */
  pageSize?: number;
  /** Address of a page: pages keep their state in the URL, so every control is a real link. */
  hrefForPage: (page: number) => string;
  /** Told the new page on every change (links and the dropdown). */
  onPageChange?: (page: number) => void;
};

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * Pagination control: previous/next arrows, page numbers with ellipses, and below
 * 992px a dropdown of the pages (`dropdownPages`). Renders nothing when there is one page or fewer.
 */
export function Pagination({ dataLen, page, pageSize = 1, hrefForPage, onPageChange }: PaginationProps) {
  const navigate = useNavigate();
  const selectId = useId();
  const totalPages = pageCount(dataLen, pageSize);
  if (totalPages <= 1) return null;

  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), totalPages);
  const previous = current - 1;
  const next = current + 1;

  const changed = (target: number) => {
    onPageChange?.(target);
    window.scrollTo({ top: 0 });
  };
  const onLinkClick = (target: number) => (event: MouseEvent) => {
    // A page opened in a new tab or window is not a change of this one.
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    changed(target);
  };

  const arrow = (target: number, enabled: boolean, label: string, glyph: string, rel: 'prev' | 'next') =>
    enabled ? (
      <Link
        prefetch="intent"
        to={hrefForPage(target)}
        className="pagination__link pagination__arrow"
        aria-label={label}
        rel={rel}
        onClick={onLinkClick(target)}
      >
        <span aria-hidden="true">{glyph}</span>
      </Link>
    ) : (
      <a role="link" aria-disabled="true" aria-label={label} className="pagination__link pagination__arrow">
        <span aria-hidden="true">{glyph}</span>
      </a>
    );

  return (
    <nav className="pagination" aria-label="分頁">
      <ul className="pagination__list">
        <li>{arrow(previous, previous > 0, '上一頁', '‹', 'prev')}</li>
        {pageItems(current, totalPages).map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className="pagination__page" aria-hidden="true">
              <span className="pagination__ellipsis">…</span>
            </li>
          ) : (
            <li key={item} className="pagination__page">
              <Link
                prefetch="intent"
                to={hrefForPage(item)}
                className="pagination__link"
                aria-label={`第 ${item} 頁`}
                aria-current={item === current ? 'page' : undefined}
                onClick={onLinkClick(item)}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li className="pagination__select-item">
          <label htmlFor={selectId} className="visually-hidden">
            選擇頁數
          </label>
          <select
            id={selectId}
            className="pagination__select"
            value={current}
            onChange={(event) => {
              const target = Number(event.target.value);
              void navigate(hrefForPage(target));
              changed(target);
            }}
          >
            {dropdownPages(current, totalPages).map((number) => (
              <option key={number} value={number}>
                {`第 ${number} 頁`}
              </option>
            ))}
          </select>
        </li>
        <li>{arrow(next, next <= totalPages, '下一頁', '›', 'next')}</li>
      </ul>
    </nav>
  );
}
