import type { RecordSummary } from '@pest/contracts';
import { Link } from 'react-router';
import type { SearchView } from './search-query';
import { recordKindLabel } from './record-labels';
import { newWindowHint, pictureUrl, recordDetailHref, thumbSrcSet } from './record-links';

/**
 * One search result. Cards open the detail page in a new tab (shell spec "Search page"), so the
 * result list stays where it was; the hidden hint tells screen-reader users so. `list` is the
 * list's own query, carried to the record page for its link back.
 */
export function RecordCard({ record, view, list }: { record: RecordSummary; view: SearchView; list?: string }) {
  return (
    <li className={`record-card record-card--${view}`}>
      <Link
        prefetch="intent"
        className="record-card__link"
        to={recordDetailHref(record.id, list)}
        target="_blank"
        rel="noopener"
      >
        <span className="record-card__media">
          {record.thumb ? (
            <img
              className="record-card__image"
              src={pictureUrl(record.thumb)}
              srcSet={thumbSrcSet(record.thumb)}
              sizes={view === 'grid' ? '(min-width: 992px) 220px, (min-width: 600px) 30vw, 45vw' : '112px'}
              alt=""
              width={240}
              height={180}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="record-card__placeholder" aria-hidden="true">
              {record.CName.slice(0, 1)}
            </span>
          )}
        </span>
        <span className="record-card__body">
          <span className="record-card__name">{record.CName}</span>
          <span className="record-card__kind">{recordKindLabel(record)}</span>
          {view === 'list' ? (
            <>
              {record.EName ? (
                <span className="record-card__ename" lang="en">
                  {record.EName}
                </span>
              ) : null}
              {record.Name ? (
                <i className="record-card__sci" lang="la">
                  {record.Name}
                </i>
              ) : null}
            </>
          ) : null}
          <span className="visually-hidden">{newWindowHint}</span>
        </span>
      </Link>
    </li>
  );
}
