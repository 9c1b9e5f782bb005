import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './side-menu.css';

export interface SideMenuItem {
  key: string;
  label: string;
  href: string;
  /** The page the visitor is on: highlighted, and announced as the current page. */
  current: boolean;
}

/**
 * A menu of links beside a page's content (the search area, IPM categories): a row of wrapping
 * buttons on phones, a column at the side from 992 px. Put it in `WithSideMenu`.
 */
export function SideMenu({ label, heading, items }: { label: string; heading?: string; items: SideMenuItem[] }) {
  return (
    <nav className="side-menu" aria-label={label}>
      {heading ? <h2 className="side-menu__heading">{heading}</h2> : null}
      <ul className="side-menu__list">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              prefetch="intent"
              to={item.href}
              className="side-menu__link"
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The two-column layout of a side menu and the page's main content (one column on phones). */
export function WithSideMenu({ menu, children }: { menu: ReactNode; children: ReactNode }) {
  return (
    <div className="container with-side-menu">
      <div className="with-side-menu__menu">{menu}</div>
      <div className="with-side-menu__main">{children}</div>
    </div>
  );
}
