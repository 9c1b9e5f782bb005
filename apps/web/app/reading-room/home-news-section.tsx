import { trustedHtml, type NewsClassFilter, type NewsSummary } from '@pest/contracts';
import { Link } from 'react-router';
import { formatContentTime } from '../ui/format-date-time';
import { LinkTabs } from '../ui/link-tabs';
import { NoData } from '../ui/no-data';
import { homeNewsParam } from './home-reading-room-data';
import { newsClassTabs } from './news-class-tabs';
import { newsDetailHref, withQuery } from './reading-room-links';
import './reading-room.css';

/** Home page news with the class tabs; the selected tab is in the address (?news=fruit). */
export function HomeNewsSection({ newsClass, news }: { newsClass: NewsClassFilter; news: NewsSummary[] }) {
  return (
    <section className="home-news container" aria-labelledby="home-news-heading">
      <div className="rr-home-heading">
        <h2 id="home-news-heading" className="rr-home-heading__title">
          最新消息
        </h2>
        <Link
          prefetch="intent"
          to={withQuery('/news', { class: newsClass }, { class: 'all' })}
          className="rr-home-heading__more"
        >
          更多消息<span className="visually-hidden">（最新消息列表）</span>
        </Link>
      </div>
      <LinkTabs
        label="消息類別"
        idPrefix="home-news"
        selectedKey={newsClass}
        tabs={newsClassTabs((value) => withQuery('/', { [homeNewsParam]: value }, { [homeNewsParam]: 'all' }))}
      >
        {news.length === 0 ? (
          <NoData message={trustedHtml`目前沒有消息`} />
        ) : (
          <ul className="rr-dated-list">
            {news.map((item) => (
              <li key={item.id} className="rr-dated-list__item">
                <time className="rr-dated-list__date" dateTime={item.post_at}>
                  {formatContentTime(item.post_at)}
                </time>
                <span className="rr-badge">{item.class_name}</span>
                <Link prefetch="intent" to={newsDetailHref(item.id)} className="rr-dated-list__title">
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </LinkTabs>
    </section>
  );
}
