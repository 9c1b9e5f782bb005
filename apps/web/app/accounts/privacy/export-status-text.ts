import type { PersonalDataExportStatus } from '@pest/contracts';
import { formatDateTime } from '../../ui/format-date-time';

/** Where a member's latest download request stands, as one sentence. */
export function exportStatusText(status: PersonalDataExportStatus): string {
  if (!status) return '';
  const asked = formatDateTime(status.created_at);
  if (status.state === 'queued') return `您在 ${asked} 申請的資料副本正在製作中，完成後會寄信通知您。`;
  if (status.state === 'ready') {
    return `您在 ${asked} 申請的資料副本已寄出下載連結${status.expires_at ? `，${formatDateTime(status.expires_at)} 前有效` : ''}。`;
  }
  if (status.state === 'downloaded') return `您在 ${asked} 申請的資料副本已經下載。`;
  return `您在 ${asked} 申請的資料副本已過期，可以重新申請。`;
}
