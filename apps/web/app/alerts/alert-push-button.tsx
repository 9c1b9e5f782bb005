import { useEffect, useState } from 'react';
import { postJson, pushSupported, subscribeToPush } from '../kernel/web-push';
import { AlertSubscribeAction } from './alert-subscribe-action';

/**
 * Subscribes this phone by Web Push to the chosen crop and counties (decision 0403): only with
 * JavaScript and a browser that has push; the person's yes to the browser's prompt is the consent.
 */
export function AlertPushButton({ crop, counties }: { crop: string; counties: string[] }) {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(pushSupported()), []);
  if (!supported) return null;
  return (
    <AlertSubscribeAction
      label="以手機推播訂閱"
      counties={counties}
      send={async () => {
        const subscription = await subscribeToPush();
        if (!subscription) return '瀏覽器未允許通知；如要收到推播，請在瀏覽器設定中允許本站通知。';
        await postJson('api/v1/alerts/subscriptions/push', { crop, counties, subscription: subscription.toJSON() });
        return `已訂閱：${crop}（${counties.join('、')}）的警報會推播到這支手機。`;
      }}
      failure={(reason) => (reason ? `無法訂閱推播：${reason}` : '無法訂閱推播，請稍後再試。')}
    />
  );
}
