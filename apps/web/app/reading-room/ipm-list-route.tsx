import { trustedHtml } from '@pest/contracts';
import { Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { SideMenu, WithSideMenu } from '../ui/side-menu';
import { NoData } from '../ui/no-data';
import type { Route } from './+types/ipm-list-route';
import { IpmSheetCard } from './cover-card';
import { ipmHref } from './reading-room-links';
import './reading-room.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { readingRoom } = context.services;
  // The menu, then the one category's sheets: not every sheet of every category (docs/performance.md).
  const categories = (await readingRoom.listIpmTopics()).map((topic) => topic.name);
  const term = new URL(request.url).searchParams.get('term')?.trim() ?? '';
  // No term opens the first category; an unknown one shows the 'no data' notice beside the menu.
  const category = term || categories[0] || '';
  return { categories, category, sheets: category ? await readingRoom.listIpmSheets(category) : [] };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.category ? `IPM 專區－${data.category}` : 'IPM 專區',
    description: '依作物類別整理的整合性病蟲害管理（IPM）技術資料，可線上閱讀與下載 PDF。',
    path: data?.category ? ipmHref(data.category) : '/IPM',
  });

export default function IpmListRoute({ loaderData }: Route.ComponentProps) {
  const { categories, category, sheets } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: 'IPM 專區', link: '/IPM' }, ...(category ? [{ title: category }] : [])]} />
      <WithSideMenu
        menu={
          <SideMenu
            label="IPM 類別"
            heading="類別"
            items={categories.map((name) => ({
              key: name,
              label: name,
              href: ipmHref(name),
              current: name === category,
            }))}
          />
        }
      >
        <h1 className="rr-page__title">IPM 專區{category ? `：${category}` : ''}</h1>
        {sheets.length === 0 ? (
          <NoData message={trustedHtml`此類別目前沒有技術資料`} />
        ) : (
          <ul className="rr-grid">
            {sheets.map((sheet) => (
              <li key={sheet.id}>
                <IpmSheetCard sheet={sheet} />
              </li>
            ))}
          </ul>
        )}
      </WithSideMenu>
      <Link to="/search/IPM" className="rr-floating-search">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span className="rr-floating-search__label">IPM 查詢</span>
      </Link>
    </>
  );
}
