/** A value as staff read it: text as written (its line breaks kept), anything else as JSON. */
function shown(record: Record<string, unknown>, key: string): string {
  if (!(key in record)) return '—';
  const value = record[key];
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Before and after of a change, key by key, side by side, the changed keys marked (the audit
 * log's diff). Keys by their Chinese names where the entry has them (decision 0379), the code
 * name beside it for those who search the source.
 */
export function AdminCompare({
  before,
  after,
  labels = {},
}: {
  before: unknown;
  after: unknown;
  labels?: Record<string, string>;
}) {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { 值: value };
  const left = before === null || before === undefined ? {} : asRecord(before);
  const right = after === null || after === undefined ? {} : asRecord(after);
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  if (keys.length === 0) return <p>沒有記錄變更內容。</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="變更前後比較">
      <table className="admin-table admin-compare">
        <caption className="visually-hidden">變更前後比較</caption>
        <thead>
          <tr>
            <th scope="col">欄位</th>
            <th scope="col">變更前</th>
            <th scope="col">變更後</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const changed = shown(left, key) !== shown(right, key);
            const label = labels[key];
            return (
              <tr key={key} className={changed ? 'admin-compare__changed' : undefined}>
                <th scope="row">
                  {label ?? key}
                  {label ? <span className="admin-compare__key">{key}</span> : null}
                  {changed ? <span className="admin-badge">已變更</span> : null}
                </th>
                <td className="admin-compare__value">{shown(left, key)}</td>
                <td className="admin-compare__value">{shown(right, key)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
