import type { PersonalDataExportStatus } from '@pest/contracts';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { appUrl } from '../../kernel/file-url';
import { formatDateTime } from '../../ui/format-date-time';

async function send(method: 'POST' | 'DELETE', path: string, body?: object): Promise<{ ok: boolean; message: string }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body) headers['content-type'] = 'application/json';
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  try {
    const response = await fetch(appUrl(path), {
      method,
      credentials: 'same-origin',
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json().catch(() => null)) as {
      data?: { message?: string } | null;
      error?: { message?: string };
    } | null;
    return { ok: response.ok, message: answer?.error?.message ?? answer?.data?.message ?? '' };
  } catch {
    return { ok: false, message: '網路連線中斷' };
  }
}

function statusText(status: PersonalDataExportStatus): string {
  if (!status) return '';
  if (status.state === 'queued') return '資料副本製作中，請稍後重新整理此頁。';
  if (status.state === 'ready')
    return `資料副本已備妥${status.expires_at ? `，${formatDateTime(status.expires_at)} 前可下載一次` : ''}。`;
  if (status.state === 'downloaded') return '資料副本已經下載。';
  return '資料副本已過期，可以重新申請。';
}

/**
 * A LINE person's rights in the discussion area (decision 0312): download everything
 * the area holds about them, or erase it with their LINE identity. Who they are is the verified
 * discussion session; the buttons send no identity.
 */
export function LineMyData({ status }: { status: PersonalDataExportStatus }) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmId = useId();
  const run = async (action: () => Promise<{ ok: boolean; message: string }>, after?: () => void) => {
    setBusy(true);
    try {
      const result = await action();
      setMessage({ ok: result.ok, text: result.message || (result.ok ? '完成' : '發生錯誤') });
      if (result.ok) after?.();
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="discussion-my-data">
      <summary>我的資料與隱私</summary>
      <p>您可以下載專家討論區保存的您的資料（LINE 名稱、提問、留言與照片），或刪除這些資料與您的 LINE 身分。</p>
      <p role={message && !message.ok ? 'alert' : 'status'}>{message?.text ?? statusText(status)}</p>
      <div className="discussion-my-data__actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => run(() => send('POST', 'api/v1/discussion/my-data/export'))}
        >
          申請下載我的資料
        </button>
        {status?.state === 'ready' ? (
          <a className="button" href={appUrl('api/v1/discussion/my-data.zip')} download>
            下載資料副本（ZIP）
          </a>
        ) : null}
      </div>
      <p>
        <strong>刪除我的資料</strong>
      </p>
      <p>您的提問（連同其下的留言）、留言、照片與 LINE 身分都會刪除，無法復原。</p>
      <label htmlFor={confirmId}>
        <input
          id={confirmId}
          type="checkbox"
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        我了解刪除後無法復原
      </label>
      <button
        type="button"
        className="button"
        disabled={busy || !confirmed}
        onClick={() =>
          run(
            () => send('DELETE', 'api/v1/discussion/my-data', { confirm: true }),
            () => window.location.assign(appUrl('expert')),
          )
        }
      >
        刪除我的討論區資料
      </button>
    </details>
  );
}
