import { useLocation } from 'react-router';
import { SideMenu } from '../ui/side-menu';

/** The three searches of the search area. */
export const searchMenuLinks = [
  { to: '/search/bug', label: '病蟲害查詢' },
  { to: '/search/video', label: '影音及出版品查詢' },
  { to: '/search/IPM', label: 'IPM 查詢' },
] as const;

/** Side menu of the search area; the current search is marked for assistive technology too. */
export function SearchSideMenu() {
  const { pathname } = useLocation();
  return (
    <SideMenu
      label="查詢選單"
      items={searchMenuLinks.map((link) => ({
        key: link.to,
        label: link.label,
        href: link.to,
        current: pathname === link.to,
      }))}
    />
  );
}
