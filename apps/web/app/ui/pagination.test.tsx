import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropdownPages, pageCount, pageItems, Pagination, type PaginationProps } from './pagination';

describe('pageCount', () => {
  it('divides the total by the page size, rounding up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 40)).toBe(3);
  });

  it('uses a page size of 1 by default', () => {
    expect(pageCount(7)).toBe(7);
  });

  it('gives no pages for nonsense input', () => {
    expect(pageCount(-5, 10)).toBe(0);
    expect(pageCount(10, 0)).toBe(0);
    expect(pageCount(Number.NaN, 10)).toBe(0);
  });
});

describe('dropdownPages', () => {
  it('offers every page up to 100', () => {
    expect(dropdownPages(1, 3)).toEqual([1, 2, 3]);
    expect(dropdownPages(50, 100)).toHaveLength(100);
  });

  it('offers about 70 of 50,000 pages: the first ten, the current page and its neighbours, round numbers, the last', () => {
    const pages = dropdownPages(24_000, 50_000);
    expect(pages.length).toBeLessThan(80);
    expect(pages.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages).toEqual(expect.arrayContaining([23_990, 24_000, 24_010, 50, 900, 7_000, 40_000, 50_000]));
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
  });
});

describe('pageItems', () => {
  it('is empty without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows the single page', () => {
    expect(pageItems(1, 1)).toEqual([1]);
  });

  it('shows both pages of two', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
  });

  it('shows all of three pages from any page', () => {
    for (const page of [1, 2, 3]) expect(pageItems(page, 3)).toEqual([1, 2, 3]);
  });

  it('handles five pages: an ellipsis for every gap, one page wide too', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 'ellipsis', 5]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 'ellipsis', 5]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(4, 5)).toEqual([1, 'ellipsis', 3, 4, 5]);
    expect(pageItems(5, 5)).toEqual([1, 'ellipsis', 4, 5]);
  });

  it('shows page 4 of 13 as 1 … 3 4 5 … 13, as the spec does', () => {
    expect(pageItems(4, 13)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 13]);
  });

  it('handles the first three and the last three pages of many', () => {
    expect(pageItems(1, 13)).toEqual([1, 2, 'ellipsis', 13]);
    expect(pageItems(2, 13)).toEqual([1, 2, 3, 'ellipsis', 13]);
    expect(pageItems(3, 13)).toEqual([1, 2, 3, 4, 'ellipsis', 13]);
    expect(pageItems(11, 13)).toEqual([1, 'ellipsis', 10, 11, 12, 13]);
    expect(pageItems(12, 13)).toEqual([1, 'ellipsis', 11, 12, 13]);
    expect(pageItems(13, 13)).toEqual([1, 'ellipsis', 12, 13]);
  });

  it('handles seven pages from the first, middle and last page', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 'ellipsis', 7]);
    expect(pageItems(4, 7)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 7]);
    expect(pageItems(7, 7)).toEqual([1, 'ellipsis', 6, 7]);
  });

  it('puts an ellipsis on both sides in the middle of many pages', () => {
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(pageItems(5, 100)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 100]);
  });

  it('treats a page outside the range as the nearest end', () => {
    expect(pageItems(0, 7)).toEqual(pageItems(1, 7));
    expect(pageItems(-3, 7)).toEqual(pageItems(1, 7));
    expect(pageItems(99, 7)).toEqual(pageItems(7, 7));
    expect(pageItems(Number.NaN, 7)).toEqual(pageItems(1, 7));
  });

  it('always holds the first, last, current and neighbouring pages, in order, without repeats or adjacent ellipses', () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const items = pageItems(page, total);
        const numbers = items.filter((item): item is number => item !== 'ellipsis');
        for (const required of [1, page - 1, page, page + 1, total].filter((n) => n >= 1 && n <= total)) {
          expect(numbers).toContain(required);
        }
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(new Set(numbers).size).toBe(numbers.length);
        items.forEach((item, index) => {
          if (item !== 'ellipsis') return;
          const before = items[index - 1];
          const after = items[index + 1];
          // An ellipsis stands between two numbers and hides at least one page.
          expect(typeof before).toBe('number');
          expect(typeof after).toBe('number');
          expect((after as number) - (before as number)).toBeGreaterThan(1);
        });
        // Consecutive numbers with no ellipsis between them differ by exactly one.
        items.forEach((item, index) => {
          const next = items[index + 1];
          if (typeof item === 'number' && typeof next === 'number') expect(next - item).toBe(1);
        });
      }
    }
  });
});

function CurrentAddress() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderPagination(props: Partial<PaginationProps> & Pick<PaginationProps, 'dataLen' | 'page'>, path = '/news') {
  const onPageChange = vi.fn();
  const hrefForPage = (page: number) => `/news?page=${page}`;
  const router = createMemoryRouter(
    [
      {
        path: '/news',
        element: (
          <>
            <Pagination hrefForPage={hrefForPage} onPageChange={onPageChange} {...props} />
            <CurrentAddress />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, onPageChange };
}

const pageNumbers = () =>
  Array.from(screen.getByRole('navigation', { name: '分頁' }).querySelectorAll('li.pagination__page')).map((item) =>
    item.getAttribute('aria-hidden') === 'true' ? '…' : item.textContent,
  );

describe('Pagination', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders nothing for one page or fewer', () => {
    const { container, unmount } = renderPagination({ dataLen: 10, page: 1, pageSize: 10 });
    expect(container.querySelector('nav')).toBeNull();
    unmount();
    const empty = renderPagination({ dataLen: 0, page: 1, pageSize: 10 });
    expect(empty.container.querySelector('nav')).toBeNull();
  });

  it('counts one item per page when no page size is given', () => {
    renderPagination({ dataLen: 3, page: 1 });
    expect(pageNumbers()).toEqual(['1', '2', '3']);
  });

  it('is a labelled navigation with page links, the current one marked, and ellipses', () => {
    renderPagination({ dataLen: 200, page: 10, pageSize: 10 });
    const nav = screen.getByRole('navigation', { name: '分頁' });
    expect(pageNumbers()).toEqual(['1', '…', '9', '10', '11', '…', '20']);
    const current = within(nav).getByRole('link', { name: '第 10 頁' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe('/news?page=10');
    expect(within(nav).getByRole('link', { name: '第 20 頁' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: '第 1 頁' }).getAttribute('href')).toBe('/news?page=1');
  });

  it('links the arrows to the previous and next pages', () => {
    renderPagination({ dataLen: 50, page: 3, pageSize: 10 });
    expect(screen.getByRole('link', { name: '上一頁' }).getAttribute('href')).toBe('/news?page=2');
    expect(screen.getByRole('link', { name: '下一頁' }).getAttribute('href')).toBe('/news?page=4');
  });

  it('disables previous on the first page and next on the last page', () => {
    const first = renderPagination({ dataLen: 50, page: 1, pageSize: 10 });
    const previous = screen.getByRole('link', { name: '上一頁' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous.hasAttribute('href')).toBe(false);
    expect(screen.getByRole('link', { name: '下一頁' }).getAttribute('aria-disabled')).toBeNull();
    first.unmount();

    renderPagination({ dataLen: 50, page: 5, pageSize: 10 });
    const next = screen.getByRole('link', { name: '下一頁' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.hasAttribute('href')).toBe(false);
    expect(screen.getByRole('link', { name: '上一頁' }).getAttribute('href')).toBe('/news?page=4');
  });

  it('treats a page beyond the last as the last page', () => {
    renderPagination({ dataLen: 30, page: 9, pageSize: 10 });
    expect(screen.getByRole('link', { name: '第 3 頁' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '下一頁' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('navigates, emits the new page and scrolls to the top when a number is clicked', async () => {
    const { onPageChange } = renderPagination({ dataLen: 100, page: 1, pageSize: 10 }, '/news?page=1');
    fireEvent.click(screen.getByRole('link', { name: '第 2 頁' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect((await screen.findByTestId('address')).textContent).toBe('/news?page=2');
  });

  it('emits the new page from the arrows', () => {
    const { onPageChange } = renderPagination({ dataLen: 100, page: 4, pageSize: 10 });
    fireEvent.click(screen.getByRole('link', { name: '下一頁' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    fireEvent.click(screen.getByRole('link', { name: '上一頁' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('does nothing when a disabled arrow is clicked', () => {
    const { onPageChange } = renderPagination({ dataLen: 100, page: 1, pageSize: 10 }, '/news?page=1');
    fireEvent.click(screen.getByRole('link', { name: '上一頁' }));
    expect(onPageChange).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(screen.getByTestId('address').textContent).toBe('/news?page=1');
  });

  it('leaves a link opened in a new tab alone', () => {
    const { onPageChange } = renderPagination({ dataLen: 100, page: 1, pageSize: 10 }, '/news?page=1');
    fireEvent.click(screen.getByRole('link', { name: '第 2 頁' }), { ctrlKey: true });
    expect(onPageChange).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('has a labelled dropdown listing every page that navigates on change', async () => {
    const { onPageChange } = renderPagination({ dataLen: 45, page: 2, pageSize: 10 }, '/news?page=2');
    const select = screen.getByRole('combobox', { name: '選擇頁數' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      '第 1 頁',
      '第 2 頁',
      '第 3 頁',
      '第 4 頁',
      '第 5 頁',
    ]);
    expect(select.value).toBe('2');
    fireEvent.change(select, { target: { value: '5' } });
    expect(onPageChange).toHaveBeenCalledWith(5);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect((await screen.findByTestId('address')).textContent).toBe('/news?page=5');
  });

  it('puts the numbers and the dropdown in separately styled items so CSS can swap them at 992px', () => {
    renderPagination({ dataLen: 45, page: 2, pageSize: 10 });
    const select = screen.getByRole('combobox', { name: '選擇頁數' });
    expect(select.closest('li')?.className).toBe('pagination__select-item');
    expect(screen.getByRole('link', { name: '第 1 頁' }).closest('li')?.className).toBe('pagination__page');
  });
});
