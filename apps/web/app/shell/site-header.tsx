import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { HeaderMemberLinks } from '../accounts';
import { HeaderCartCount } from '../catalogue';
import { primaryLinks, templateLinks } from './site-links';

export interface SiteHeaderProps {
  websiteTitle: string;
  feedbackFormUrl: string;
}

/**
 * Site header: all internal links, the feedback form (this site's own, or an outside one), the template menu and
 * the member links. Below 992 px the menu folds behind a toggle button; without JavaScript the
 * menu simply stays open (the `js` class on <html> is what hides it).
 */
export function SiteHeader({ websiteTitle, feedbackFormUrl }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link prefetch="intent" to="/" className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true" />
          {websiteTitle}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__toggle-icon" aria-hidden="true" />
          {menuOpen ? '關閉選單' : '選單'}
        </button>
      </div>
      <div id={menuId} className="site-header__menu" data-open={menuOpen}>
        <nav aria-label="主選單" className="site-nav container">
          <ul className="site-nav__primary">
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  prefetch="intent"
                  to={link.to}
                  end={'end' in link ? link.end : false}
                  className="site-nav__link"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              {feedbackFormUrl.startsWith('/') ? (
                <NavLink
                  to={`${feedbackFormUrl}?from=${encodeURIComponent(location.pathname)}`}
                  className="site-nav__link"
                >
                  意見回饋
                </NavLink>
              ) : (
                <a className="site-nav__link" href={feedbackFormUrl} target="_blank" rel="noopener noreferrer">
                  意見回饋<span className="visually-hidden">（在新視窗開啟）</span>
                </a>
              )}
            </li>
          </ul>
          <ul className="site-nav__secondary" aria-label="其他服務">
            {templateLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-nav__link site-nav__link--template">
                  {link.label}
                  {link.to === '/inquiry' ? <HeaderCartCount /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="site-nav__member" aria-label="會員">
            <HeaderMemberLinks />
          </ul>
        </nav>
      </div>
    </header>
  );
}
