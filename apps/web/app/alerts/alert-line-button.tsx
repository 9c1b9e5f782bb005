import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { postJson } from '../kernel/web-push';
import { appUrl } from '../kernel/file-url';
import { AlertSubscribeAction } from './alert-subscribe-action';

/**
 * Subscribes the LINE identity the server verified for the expert discussion area (decision 0420):
 * offered once the discussion's session names a LINE profile; the server takes the identity from
 * that session, never from what this button sends.
 */
export function AlertLineButton({ crop, counties }: { crop: string; counties: string[] }) {
  const [lineName, setLineName] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    fetch(appUrl('api/v1/discussion/session'), { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((json: { data?: { profile?: { displayName: string } | null } } | null) => {
        if (current) setLineName(json?.data?.profile?.displayName ?? null);
      })
      .catch(() => current && setLineName(null));
    return () => {
      current = false;
    };
  }, []);
  if (lineName === undefined) return null;
  if (lineName === null) {
    return (
      <p className="alerts-page__line-hint">
        想用 LINE 收到警報？請先在 LINE 開啟<Link to="/expert">專家討論區</Link>登入，再回到本頁訂閱。
      </p>
    );
  }
  return (
    <AlertSubscribeAction
      label="以 LINE 訂閱"
      counties={counties}
      send={async () => {
        await postJson('api/v1/alerts/subscriptions/line', { crop, counties });
        return `已訂閱：${crop}（${counties.join('、')}）的警報會以 LINE 傳給「${lineName}」。`;
      }}
      failure={(reason) => (reason ? `無法以 LINE 訂閱：${reason}` : '無法以 LINE 訂閱。')}
    />
  );
}
