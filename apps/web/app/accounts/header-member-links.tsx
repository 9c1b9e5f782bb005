import { NavLink } from 'react-router';
import { useMemberSession, useMemberSessionRefresh } from './member-session';
import { SignOutForm } from './sign-out-form';
import './header-member.css';

/**
 * The header's member links: login and register for a visitor; for a member a
 * greeting with their name, the "Admin" link to /member and logout. Rendered anonymous on the
 * server (pages are cached for everyone, decision 0057) and filled in from /api/v1/session.
 */
export function HeaderMemberLinks() {
  useMemberSessionRefresh();
  const session = useMemberSession();
  if (!session) {
    return (
      <>
        <li>
          <NavLink to="/login" className="site-nav__link">
            登入
          </NavLink>
        </li>
        <li>
          <NavLink to="/register" className="site-nav__link site-nav__link--button">
            註冊
          </NavLink>
        </li>
      </>
    );
  }
  return (
    <>
      <li className="site-nav__greeting">
        您好，<span className="site-nav__name">{session.name}</span>
      </li>
      <li>
        <NavLink to="/member" className="site-nav__link" lang="en">
          Admin
        </NavLink>
      </li>
      <li>
        {/* A full reload of the site root after sign-out. */}
        <SignOutForm className="site-nav__logout" buttonClassName="site-nav__link site-nav__link--button" />
      </li>
    </>
  );
}
