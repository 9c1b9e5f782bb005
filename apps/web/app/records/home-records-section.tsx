import type { RecordSummary } from '@pest/contracts';
import { Link } from 'react-router';
import { RecordLinkList } from './record-link-list';
import './record-lists.css';

/** How many hot and new links the home page lists. */
export const homeRecordListLength = 6;

/** Home page: most viewed and latest records (the hot-search and newest pest links). */
export function HomeRecordsSection({ hot, latest }: { hot: RecordSummary[]; latest: RecordSummary[] }) {
  if (hot.length === 0 && latest.length === 0) return null;
  return (
    <section className="home-records container" aria-labelledby="home-records-heading">
      <h2 id="home-records-heading" className="visually-hidden">
        熱門與最新病蟲害
      </h2>
      <div className="record-shortlists">
        <section className="record-shortlist" aria-labelledby="home-hot-heading">
          <h3 id="home-hot-heading" className="record-shortlist__heading">
            熱門查詢
          </h3>
          <RecordLinkList records={hot} newWindow={false} ordered />
        </section>
        <section className="record-shortlist" aria-labelledby="home-new-heading">
          <h3 id="home-new-heading" className="record-shortlist__heading">
            最新資料
          </h3>
          <RecordLinkList records={latest} newWindow={false} />
        </section>
      </div>
      <p className="home-records__more">
        <Link to="/search/bug">瀏覽全部病蟲害資料</Link>
      </p>
    </section>
  );
}
