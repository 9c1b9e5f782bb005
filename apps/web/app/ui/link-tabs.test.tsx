import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkTabs, nextTabIndex } from './link-tabs';

describe('nextTabIndex', () => {
  it('moves with the arrow keys, wrapping around, and jumps with Home and End', () => {
    expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowDown', 1, 3)).toBe(2);
    expect(nextTabIndex('ArrowUp', 1, 3)).toBe(0);
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('Enter', 0, 3)).toBeNull();
  });
});

const tabs = [
  { key: 'names', label: '名稱', href: '/r?id=1' },
  { key: 'album', label: '相簿', href: '/r?id=1&tab=album' },
  { key: 'life', label: '生活史', href: '/r?id=1&tab=life' },
];

function TabsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const selected = params.get('tab') ?? 'names';
  return (
    <>
      <LinkTabs label="資料分頁" tabs={tabs} selectedKey={selected} idPrefix="t">
        <p>內容：{selected}</p>
      </LinkTabs>
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

function renderTabs(initial = '/r?id=1') {
  const router = createMemoryRouter([{ path: '/r', element: <TabsPage /> }], { initialEntries: ['/', initial] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('LinkTabs', () => {
  it('renders links in the ARIA tab pattern, the selected one tied to the panel', () => {
    renderTabs('/r?id=1&tab=album');
    const album = screen.getByRole('tab', { name: '相簿' });
    expect(album.getAttribute('href')).toBe('/r?id=1&tab=album');
    expect(album.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '名稱' }).getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(album.id);
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('keeps only the selected tab in the Tab order once hydrated and moves focus with arrow keys', () => {
    renderTabs();
    const [names, album, life] = screen.getAllByRole('tab');
    expect(names!.tabIndex).toBe(0);
    expect(album!.getAttribute('tabindex')).toBe('-1');
    names!.focus();
    fireEvent.keyDown(names!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(life);
    fireEvent.keyDown(life!, { key: 'Home' });
    expect(document.activeElement).toBe(names);
  });

  it('switches tab by a client navigation that replaces the history entry', async () => {
    const router = renderTabs();
    fireEvent.click(screen.getByRole('tab', { name: '生活史' }));
    expect(await screen.findByText('內容：life')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/r?id=1&tab=life');
    expect(screen.getByRole('tab', { name: '生活史' }).getAttribute('aria-selected')).toBe('true');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });
});
