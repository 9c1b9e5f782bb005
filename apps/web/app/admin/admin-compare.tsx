/** Before and after of a change, key by key, the changed keys marked (the audit log's diff). */
export function AdminCompare({ before, after }: { before: unknown; after: unknown }) {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { 值: value };
  const left = before === null || before === undefined ? {} : asRecord(before);
  const right = after === null || after === undefined ? {} : asRecord(after);
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  if (keys.length === 0) return <p>沒有記錄變更內容。</p>;
  const show = (record: Record<string, unknown>, key: string) => (key in record ? JSON.stringify(record[key]) : '—');
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
            const changed = show(left, key) !== show(right, key);
            return (
              <tr key={key} className={changed ? 'admin-compare__changed' : undefined}>
                <th scope="row">
                  {key}
                  {changed ? <span className="admin-badge">已變更</span> : null}
                </th>
                <td>
                  <code>{show(left, key)}</code>
                </td>
                <td>
                  <code>{show(right, key)}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
