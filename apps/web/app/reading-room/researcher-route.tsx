import { trustedHtml } from '@pest/contracts';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { DemoBadge, DemoNotice } from '../ui/demo-label';
import { NoData } from '../ui/no-data';
import type { Route } from './+types/researcher-route';
import './reading-room.css';

export async function loader({ context }: Route.LoaderArgs) {
  return { researchers: await context.services.readingRoom.listResearchers() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '研究人員',
    description: '植物保護相關研究室的研究人員、職稱與專長。',
    path: '/link/detail',
  });

/** What a contact link shows, and what it is for people who cannot see the card. */
function contact(link: string) {
  return link.startsWith('mailto:')
    ? { text: link.slice('mailto:'.length), kind: '聯絡信箱' }
    : { text: '個人網頁', kind: '個人網頁' };
}

export default function ResearcherRoute({ loaderData }: Route.ComponentProps) {
  const { researchers } = loaderData;
  return (
    <>
      <Breadcrumb items={[{ title: '相關連結', link: '/link' }, { title: '研究人員' }]} />
      <div className="container rr-page">
        <h1 className="rr-page__title">研究人員</h1>
        {researchers.some((person) => person.demo) ? (
          <DemoNotice>
            標示「示範資料」的人員是網站團隊為展示而虛構的，並非研究單位的人員，聯絡方式也無法使用。
          </DemoNotice>
        ) : null}
        {researchers.length === 0 ? (
          <NoData message={trustedHtml`目前沒有研究人員資料`} />
        ) : (
          <ul className="rr-people">
            {researchers.map((person) => (
              <li key={person.id} className="rr-person">
                <span
                  className={`rr-person__avatar rr-person__avatar--${person.sex === 'F' ? 'f' : 'm'}`}
                  aria-hidden="true"
                >
                  {person.name.slice(0, 1)}
                </span>
                <div className="rr-person__body">
                  <h2 className="rr-person__name">
                    {person.name}
                    {person.demo ? <DemoBadge /> : null}
                  </h2>
                  <p className="rr-person__job">
                    {person.room}・{person.job}
                  </p>
                  <p className="rr-person__specialty">
                    <span className="rr-person__label">專長</span>
                    {person.do}
                  </p>
                  {person.link ? (
                    <p className="rr-person__contact">
                      <a href={person.link}>
                        <span className="visually-hidden">{`${person.name}的${contact(person.link).kind}：`}</span>
                        {contact(person.link).text}
                      </a>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
