import { pesticideChangeFieldLabels, type PesticideChange, type PesticideChangeRow } from '@pest/contracts';
import type { ReactNode } from 'react';
import { formatCalendarDate } from '../../ui/format-date-time';

const labels = new Map<string, string>(pesticideChangeFieldLabels);

/** The columns that tell registered uses apart in a list (the rest are in the file). */
const keyColumns: Array<keyof PesticideChangeRow> = [
  'plant',
  'bugname',
  'cname',
  'amount',
  'typecode',
  'useR',
  'safe',
  'approvedOn',
];

function cell(row: PesticideChangeRow, field: keyof PesticideChangeRow): string {
  const value = row[field];
  if (value === null || value === '') return '—';
  return field === 'approvedOn' ? formatCalendarDate(String(value)) : String(value);
}

/** The frame every change table shares: a scrollable, labelled region with a caption and its headings. */
function ChangeTable({ caption, headings, children }: { caption: string; headings: string[]; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-table pesticide-changes">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function RowsTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: { label: string; value: (index: number) => string };
  rows: PesticideChangeRow[];
}) {
  return (
    <ChangeTable caption={caption} headings={[first.label, ...keyColumns.map((field) => labels.get(field) ?? field)]}>
      {rows.map((row, index) => (
        <tr key={index}>
          <td data-label={first.label}>{first.value(index)}</td>
          {keyColumns.map((field) => (
            <td key={field} data-label={labels.get(field)}>
              {cell(row, field)}
            </td>
          ))}
        </tr>
      ))}
    </ChangeTable>
  );
}

/** One page of an import's changes of one kind, as tables an editor can check against the file. */
export function PesticideChangeTables({ changes, caption }: { changes: PesticideChange[]; caption: string }) {
  if (changes.length === 0) return <p>沒有這類資料列。</p>;
  const [first] = changes;
  if (first?.kind === 'added') {
    const added = changes.filter((change) => change.kind === 'added');
    return (
      <RowsTable
        caption={caption}
        first={{ label: '檔案行號', value: (index) => String(added[index]?.line ?? '') }}
        rows={added.map((change) => change.after)}
      />
    );
  }
  if (first?.kind === 'removed') {
    const removed = changes.filter((change) => change.kind === 'removed');
    return (
      <RowsTable
        caption={caption}
        first={{ label: '原始列號', value: (index) => String(removed[index]?.before.sourceRow ?? '—') }}
        rows={removed.map((change) => change.before)}
      />
    );
  }
  if (first?.kind === 'changed') {
    return (
      <ChangeTable caption={caption} headings={['檔案行號', '登記用藥', '變更的欄位']}>
        {changes.map((change, index) =>
          change.kind === 'changed' ? (
            <tr key={index}>
              <td data-label="檔案行號">{change.line}</td>
              <td data-label="登記用藥">
                {change.after.plant}／{change.after.bugname}／{change.after.cname} {change.after.amount}{' '}
                {change.after.typecode}
              </td>
              <td data-label="變更的欄位">
                {change.fields.length === 0 ? (
                  '內容相同，只有重複列的順序不同'
                ) : (
                  <ul className="pesticide-changes__fields">
                    {change.fields.map((field) => {
                      const key = field as keyof PesticideChangeRow;
                      return (
                        <li key={field}>
                          <span className="pesticide-changes__field">{labels.get(field) ?? field}</span>：
                          <del>{cell(change.before, key)}</del>
                          <span aria-hidden="true"> → </span>
                          <span className="visually-hidden">改為</span>
                          <ins>{cell(change.after, key)}</ins>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
            </tr>
          ) : null,
        )}
      </ChangeTable>
    );
  }
  return (
    <ChangeTable caption={caption} headings={['檔案行號', '原因', '內容（前幾欄）']}>
      {changes.map((change, index) =>
        change.kind === 'rejected' ? (
          <tr key={index}>
            <td data-label="檔案行號">{change.line}</td>
            <td data-label="原因">{change.reason}</td>
            <td data-label="內容">{change.cells.map((value) => value || '（空白）').join('，')}</td>
          </tr>
        ) : null,
      )}
    </ChangeTable>
  );
}
