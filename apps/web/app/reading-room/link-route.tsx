import { Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import type { Route } from './+types/link-route';
import './reading-room.css';

export async function loader({ context }: Route.LoaderArgs) {
  return { links: await context.services.readingRoom.listRelatedLinks() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '相關連結',
    description: '植物保護資訊系統、害蟲發生預測、農藥作用機制與農藥資訊服務等相關網站，以及研究人員名錄。',
    path: '/link',
  });

export default function LinkRoute({ loaderData }: Route.ComponentProps) {
  const { links } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '相關連結' }]} />
      <div className="container rr-page">
        <h1 className="rr-page__title">相關連結</h1>
        <ul className="rr-links">
          {links.map((link) => (
            <li key={link.id} className="rr-links__item">
              <a href={link.url} target="_blank" rel="noopener noreferrer" className="rr-links__link">
                {link.title}
                <span className="visually-hidden">（另開新視窗）</span>
              </a>
              {link.description ? <p className="rr-links__description">{link.description}</p> : null}
            </li>
          ))}
          <li className="rr-links__item rr-links__item--internal">
            <Link to="/link/detail" className="rr-links__link">
              研究人員
            </Link>
            <p className="rr-links__description">各研究室人員職稱、專長與聯絡方式。</p>
          </li>
        </ul>
      </div>
    </>
  );
}
