import { useEffect, useState } from 'react';
import { postJson, pushSupported, subscribeToPush } from '../kernel/web-push';

/**
 * Subscribes this phone by Web Push to the chosen crop and counties (decision 0403): only with
 * JavaScript and a browser that has push; the person's yes to the browser's prompt is the consent.
 */
export function AlertPushButton({ crop, counties }: { crop: string; counties: string[] }) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  useEffect(() => setSupported(pushSupported()), []);
  if (!supported) return null;

  async function subscribe() {
    setMessage('');
    if (counties.length === 0) {
      setMessage('請至少選擇一個縣市。');
      return;
    }
    setBusy(true);
    try {
      const subscription = await subscribeToPush();
      if (!subscription) {
        setMessage('瀏覽器未允許通知；如要收到推播，請在瀏覽器設定中允許本站通知。');
        return;
      }
      await postJson('api/v1/alerts/subscriptions/push', { crop, counties, subscription: subscription.toJSON() });
      setMessage(`已訂閱：${crop}（${counties.join('、')}）的警報會推播到這支手機。`);
    } catch (error) {
      setMessage(
        error instanceof Error && error.message ? `無法訂閱推播：${error.message}` : '無法訂閱推播，請稍後再試。',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="alerts-page__push">
      <p>
        <button type="button" disabled={busy} onClick={() => void subscribe()}>
          以手機推播訂閱
        </button>
      </p>
      <p role="status">{message}</p>
    </div>
  );
}
