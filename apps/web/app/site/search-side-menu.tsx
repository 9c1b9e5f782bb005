import { NavLink } from 'react-router';
import './search-side-menu.css';

/** The three searches of the search area (pest-information.md §2 "Search side menu"). */
export const searchMenuLinks = [
  { to: '/search/bug', label: '病蟲害查詢' },
  { to: '/search/video', label: '影音及出版品查詢' },
  { to: '/search/IPM', label: 'IPM 查詢' },
] as const;

/** Side menu of the search area; the current search is marked for assistive technology too. */
export function SearchSideMenu() {
  return (
    <nav className="search-menu" aria-label="查詢選單">
      <ul className="search-menu__list">
        {searchMenuLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="search-menu__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
