import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchSideMenu } from '../kernel/search-side-menu';
import { SideMenu, WithSideMenu } from './side-menu';

describe('SideMenu', () => {
  it('is a labelled navigation of links, with an optional heading and the current page marked', () => {
    render(
      <MemoryRouter>
        <WithSideMenu
          menu={
            <SideMenu
              label="IPM 類別"
              heading="類別"
              items={[
                { key: 'a', label: '蔬菜', href: '/IPM?term=蔬菜', current: true },
                { key: 'b', label: '果樹', href: '/IPM?term=果樹', current: false },
              ]}
            />
          }
        >
          <h1>內容</h1>
        </WithSideMenu>
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'IPM 類別' });
    expect(within(nav).getByRole('heading', { level: 2, name: '類別' })).toBeTruthy();
    const current = within(nav).getByRole('link', { name: '蔬菜' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe('/IPM?term=蔬菜');
    expect(within(nav).getByRole('link', { name: '果樹' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: '內容' })).toBeTruthy();
  });

  it('marks the search the visitor is on in the search area menu', () => {
    render(
      <MemoryRouter initialEntries={['/search/video?term=福壽螺']}>
        <SearchSideMenu />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '查詢選單' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['病蟲害查詢', '影音及出版品查詢', 'IPM 查詢']);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page', null]);
  });
});
