import type { RecordSummary } from '@pest/contracts';
import { Link } from 'react-router';
import { newWindowHint, recordDetailHref } from './record-links';

/**
 * A short list of record links (the hot and new lists of the search page and the home page).
 * `kindOf` adds the record's kind after its name.
 */
export function RecordLinkList({
  records,
  newWindow,
  ordered,
  kindOf,
}: {
  records: RecordSummary[];
  newWindow: boolean;
  ordered?: boolean;
  kindOf?: (record: RecordSummary) => string;
}) {
  const items = records.map((record) => (
    <li key={record.id} className="record-links__item">
      <Link
        prefetch="intent"
        className="record-links__link"
        to={recordDetailHref(record.id)}
        {...(newWindow ? { target: '_blank', rel: 'noopener' } : {})}
      >
        {record.CName}
        {newWindow ? <span className="visually-hidden">{newWindowHint}</span> : null}
      </Link>
      {kindOf ? <span className="record-links__kind">{kindOf(record)}</span> : null}
    </li>
  ));
  return ordered ? <ol className="record-links">{items}</ol> : <ul className="record-links">{items}</ul>;
}
