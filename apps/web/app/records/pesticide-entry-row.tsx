import type { PesticideEntry } from '@pest/contracts';
import { pesticideEntryFields, pesticideKeyFields, type differingFields } from './pesticide-query';

function present(value: string): string {
  const trimmed = value.trim();
  return trimmed === '' ? '—' : trimmed;
}

const keyFieldNames = new Set<string>(pesticideKeyFields.map(([field]) => field));
const detailFields = pesticideEntryFields.filter(([field]) => !keyFieldNames.has(field));

/**
 * One product on one line (name and the key fields), the rest on expand: a details element, so
 * it opens without JavaScript and prints open (records.css). `differences` are the fields that
 * tell it from the same product's other rows (decision 0362), shown on the line itself.
 */
export function PesticideEntryRow({
  entry,
  id,
  differences,
}: {
  entry: PesticideEntry;
  id: string;
  differences: ReturnType<typeof differingFields>[number];
}) {
  const headingId = `pesticide-entry-${id}`;
  const extras = [
    entry.note.trim() && entry.note.trim() !== '-' ? `登記說明：${entry.note.trim()}` : '',
    entry.moa.trim() && entry.moa.trim() !== '-' ? `作用機制：${entry.moa.trim()}` : '',
    entry.registrant.trim() ? `登記廠商：${entry.registrant.trim()}` : '',
    entry.approvedOn ? `核准日期：${entry.approvedOn}` : '',
  ].filter(Boolean);
  return (
    <li className="pesticide-entry">
      <details className="pesticide-entry__details">
        <summary className="pesticide-entry__summary">
          <h3 id={headingId} className="pesticide-entry__name">
            {entry.cname}
          </h3>
          {/* A summary holds phrasing content only: the key fields are labelled spans. */}
          <KeyFields entry={entry} />
          <Differences differences={differences} />
        </summary>
        <dl className="pesticide-entry__fields" aria-labelledby={headingId}>
          {detailFields.map(([field, label]) => (
            <div key={field} className={`pesticide-entry__field pesticide-entry__field--${field}`}>
              <dt>{label}</dt>
              <dd>{present(entry[field])}</dd>
            </div>
          ))}
        </dl>
        {extras.length > 0 ? <p className="pesticide-entry__extra">{extras.join('　')}</p> : null}
      </details>
    </li>
  );
}

/** A use on one line without its expander (the crop-first lookup): the key fields and what differs. */
export function PesticideEntryLine({
  row,
}: {
  row: Pick<PesticideEntry, 'cname' | 'use_r' | 'safe' | 'usecount'> & {
    differences: ReturnType<typeof differingFields>[number];
  };
}) {
  return (
    // The box and the line's grid on the item itself: a crop's page has a hundred or more of these.
    <li className="pesticide-entry pesticide-entry__details pesticide-entry__summary pesticide-entry--line">
      <h3 className="pesticide-entry__name">{row.cname}</h3>
      <KeyFields entry={row} />
      <Differences differences={row.differences} />
    </li>
  );
}

/**
 * The key fields, each a label and its value: no class or element more than the layout needs, since
 * a page repeats them for every use (records.css lays them out as the children of the key).
 */
function KeyFields({ entry }: { entry: Pick<PesticideEntry, (typeof pesticideKeyFields)[number][0]> }) {
  return (
    <span className="pesticide-entry__key">
      {pesticideKeyFields.map(([field, label]) => (
        <span key={field}>
          <span className="pesticide-entry__key-label">{label}</span>
          {present(entry[field])}
        </span>
      ))}
    </span>
  );
}

function Differences({ differences }: { differences: ReturnType<typeof differingFields>[number] }) {
  if (differences.length === 0) return null;
  return (
    <span className="pesticide-entry__diff" data-testid="pesticide-entry-differences">
      <span className="visually-hidden">與同名藥劑不同之處：</span>
      {differences.map(({ field, label, value }) => (
        <span key={field} className="pesticide-entry__diff-field">
          <span className="pesticide-entry__key-label">{label}</span>
          <span className="pesticide-entry__diff-value">{value}</span>
        </span>
      ))}
    </span>
  );
}
