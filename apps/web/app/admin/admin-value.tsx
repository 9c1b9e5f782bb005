import type { AdminField } from '@pest/contracts';
import { appUrl } from '../kernel/file-url';
import { formatDateTime, isoDateTime } from '../ui/format-date-time';

/** Where staff open a stored file (a file field's current file). */
export function adminFileUrl(id: string): string {
  return appUrl(`api/v1/admin/files/${encodeURIComponent(id)}`);
}

function optionLabel(field: AdminField, value: unknown): string {
  return field.options.find((option) => option.value === value)?.label ?? String(value);
}

/** A field's value as text: dates as yyyy/MM/dd HH:mm:ss, options by their Chinese labels. */
export function adminValueText(field: AdminField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.kind) {
    case 'datetime':
      return formatDateTime(String(value)) || '—';
    case 'boolean':
      return value ? '是' : '否';
    case 'select':
      return optionLabel(field, value);
    case 'multiselect':
      return Array.isArray(value) && value.length > 0 ? value.map((item) => optionLabel(field, item)).join('、') : '—';
    case 'json':
      return JSON.stringify(value);
    case 'file':
      return '已上傳';
    default:
      return String(value);
  }
}

/** A field's value for the detail screen (JSON laid out, dates as <time>). */
export function AdminValue({ field, value }: { field: AdminField; value: unknown }) {
  if (field.kind === 'json' && value !== null && value !== undefined) {
    return <pre className="admin-json">{JSON.stringify(value, null, 2)}</pre>;
  }
  if (field.kind === 'textarea' && typeof value === 'string' && value !== '') {
    return <div className="admin-text">{value}</div>;
  }
  if (field.kind === 'file' && typeof value === 'string' && value !== '') {
    return (
      <a href={adminFileUrl(value)} target="_blank" rel="noopener">
        檢視檔案
      </a>
    );
  }
  if (field.kind === 'datetime' && typeof value === 'string') {
    return <time dateTime={isoDateTime(value)}>{adminValueText(field, value)}</time>;
  }
  return <>{adminValueText(field, value)}</>;
}
