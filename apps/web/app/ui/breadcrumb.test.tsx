import { act, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Breadcrumb, breadcrumbHref, type BreadcrumbItem } from './breadcrumb';

type HappyWindow = { happyDOM: { setViewport(viewport: { width: number; height?: number }): void } };
const setWindowWidth = (width: number) =>
  act(() => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 800 }));

function renderAt(path: string, items: BreadcrumbItem[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Breadcrumb items={items} />
    </MemoryRouter>,
  );
}

const trail = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('Breadcrumb', () => {
  afterEach(() => setWindowWidth(1024));

  it('is a labelled navigation landmark with an ordered list starting at a home link to the root', () => {
    renderAt('/search/bug', [{ title: '病蟲害查詢' }]);
    const nav = screen.getByRole('navigation', { name: '麵包屑' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    const home = within(nav).getByRole('link', { name: '首頁' });
    expect(home.getAttribute('href')).toBe('/');
  });

  it('links items that have a link, with their query parameters, and shows the rest as plain text', () => {
    renderAt('/search/bug/detail?id=3', [
      { title: '病蟲害查詢', link: '/search/bug', queryParams: { term: '炭疽病', page: 2, empty: undefined } },
      { title: '分類' },
      { title: '炭疽病' },
    ]);
    const search = screen.getByRole('link', { name: '病蟲害查詢' });
    expect(search.getAttribute('href')).toBe('/search/bug?term=%E7%82%AD%E7%96%BD%E7%97%85&page=2');
    expect(screen.queryByRole('link', { name: '分類' })).toBeNull();
    expect(screen.getByText('分類').tagName).toBe('SPAN');
    expect(trail()).toEqual(['首頁', '病蟲害查詢', '分類', '炭疽病']);
  });

  it('marks only the last item as the current page', () => {
    renderAt('/news/detail?id=1', [{ title: '最新消息', link: '/news' }, { title: '公告' }]);
    const current = screen.getByText('公告');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '最新消息' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: '首頁' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks a linked last item as the current page too', () => {
    renderAt('/news', [{ title: '最新消息', link: '/news' }]);
    expect(screen.getByRole('link', { name: '最新消息' }).getAttribute('aria-current')).toBe('page');
  });

  it('marks home as the current page when no item is shown', () => {
    renderAt('/', []);
    expect(screen.getByRole('link', { name: '首頁' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows an item with a URL pattern only when the address (path and query) matches it', () => {
    const items: BreadcrumbItem[] = [
      { title: '病蟲害查詢', link: '/search/bug' },
      { title: '圖片模式', showWhen: { pattern: /view=grid/ } },
    ];
    const { unmount } = renderAt('/search/bug?view=grid', items);
    expect(trail()).toEqual(['首頁', '病蟲害查詢', '圖片模式']);
    expect(screen.getByText('圖片模式').getAttribute('aria-current')).toBe('page');
    unmount();

    renderAt('/search/bug?view=list', items);
    expect(trail()).toEqual(['首頁', '病蟲害查詢']);
    // The last shown item becomes the current page.
    expect(screen.getByRole('link', { name: '病蟲害查詢' }).getAttribute('aria-current')).toBe('page');
  });

  it('gives the same answer for a global pattern on every render', () => {
    const pattern = /detail/g;
    const items: BreadcrumbItem[] = [{ title: '詳細', showWhen: { pattern } }];
    const { rerender } = renderAt('/search/bug/detail', items);
    for (let round = 0; round < 3; round += 1) {
      rerender(
        <MemoryRouter initialEntries={['/search/bug/detail']}>
          <Breadcrumb items={items} />
        </MemoryRouter>,
      );
      expect(screen.queryByText('詳細')).not.toBeNull();
    }
  });

  it('applies the width limit: shown at or below the width, hidden above, following resizes', () => {
    setWindowWidth(1024);
    renderAt('/search/bug/detail?id=3', [
      { title: '病蟲害查詢', link: '/search/bug' },
      { title: '返回列表', link: '/search/bug', showWhen: { pattern: /^\/search\/bug\/detail/, maxWidth: 991 } },
    ]);
    expect(screen.queryByText('返回列表')).toBeNull();

    setWindowWidth(991);
    expect(screen.getByText('返回列表')).toBeTruthy();

    setWindowWidth(360);
    expect(screen.getByText('返回列表')).toBeTruthy();

    setWindowWidth(992);
    expect(screen.queryByText('返回列表')).toBeNull();
  });

  it('does not show a width-limited item whose pattern does not match, whatever the width', () => {
    setWindowWidth(360);
    renderAt('/search/bug', [{ title: '返回列表', showWhen: { pattern: /detail/, maxWidth: 991 } }]);
    expect(screen.queryByText('返回列表')).toBeNull();
  });

  it('renders width-limited items on the server when the pattern matches (the width is known only in the browser)', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/search/bug/detail']}>
        <Breadcrumb items={[{ title: '返回列表', showWhen: { pattern: /detail/, maxWidth: 991 } }]} />
      </MemoryRouter>,
    );
    expect(html).toContain('返回列表');
    const unmatched = renderToString(
      <MemoryRouter initialEntries={['/search/bug']}>
        <Breadcrumb items={[{ title: '返回列表', showWhen: { pattern: /detail/, maxWidth: 991 } }]} />
      </MemoryRouter>,
    );
    expect(unmatched).not.toContain('返回列表');
  });
});

describe('breadcrumbHref', () => {
  it('adds query parameters, keeping an existing query and hash', () => {
    expect(breadcrumbHref('/news', undefined)).toBe('/news');
    expect(breadcrumbHref('/news', { id: 5 })).toBe('/news?id=5');
    expect(breadcrumbHref('/search/bug?term=a', { page: 2 })).toBe('/search/bug?term=a&page=2');
    expect(breadcrumbHref('/about#team', { lang: 'zh' })).toBe('/about?lang=zh#team');
    expect(breadcrumbHref('/news', { id: null, cls: undefined })).toBe('/news');
  });
});
