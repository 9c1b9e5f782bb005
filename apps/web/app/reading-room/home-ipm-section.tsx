import { Link } from 'react-router';
import { publicFileUrl } from '../kernel/file-url';
import type { IpmTopic } from './home-reading-room-data';
import { ipmHref } from './reading-room-links';
import './reading-room.css';

/** Home page IPM topic list: each category links to its sheets. */
export function HomeIpmSection({ topics }: { topics: IpmTopic[] }) {
  if (topics.length === 0) return null;
  return (
    <section className="home-ipm container" aria-labelledby="home-ipm-heading">
      <div className="rr-home-heading">
        <h2 id="home-ipm-heading" className="rr-home-heading__title">
          IPM 專區
        </h2>
        <Link prefetch="intent" to="/IPM" className="rr-home-heading__more">
          全部主題<span className="visually-hidden">（IPM 專區）</span>
        </Link>
      </div>
      <ul className="rr-topics">
        {topics.map((topic) => (
          <li key={topic.name}>
            <Link prefetch="intent" to={ipmHref(topic.name)} className="rr-topic">
              {topic.img && topic.img_width && topic.img_height ? (
                <img
                  className="rr-topic__image"
                  src={publicFileUrl(topic.img)}
                  width={topic.img_width}
                  height={topic.img_height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <span className="rr-topic__name">{topic.name}</span>
              <span className="rr-topic__count">{topic.count} 份技術資料</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
