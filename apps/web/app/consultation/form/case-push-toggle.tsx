import { useEffect, useState } from 'react';
import {
  currentSubscription,
  forgetPushLink,
  keepPushLink,
  postJson,
  pushSupported,
  subscribeToPush,
} from '../../kernel/web-push';

type State = 'unknown' | 'unsupported' | 'off' | 'on' | 'denied';

/**
 * 回覆時通知我 (decision 0401): the asker turns on a push notification for this case's answer. Only
 * with JavaScript and a browser that has push; the mail is sent either way. The follow link itself
 * stays on this phone (the notification opens it) and is never in the message.
 */
export function CasePushToggle({ caseId, token }: { caseId: number; token: string }) {
  const [state, setState] = useState<State>('unknown');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const tag = `consultation-case-${caseId}`;

  useEffect(() => {
    if (!pushSupported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    void currentSubscription()
      .then(async (subscription) => {
        if (!subscription) return setState('off');
        const answer = await postJson<{ subscribed: boolean }>('api/v1/consultation/case/push/state', {
          token,
          endpoint: subscription.endpoint,
        });
        setState(answer.subscribed ? 'on' : 'off');
      })
      .catch(() => setState('off'));
  }, [token]);

  if (state === 'unknown' || state === 'unsupported') return null;

  async function turnOn() {
    setBusy(true);
    setMessage('');
    try {
      const subscription = await subscribeToPush();
      if (!subscription) {
        setState('denied');
        return;
      }
      await postJson('api/v1/consultation/case/push', { token, subscription: subscription.toJSON() });
      await keepPushLink(tag, window.location.href);
      setState('on');
      setMessage('已開啟：專家回覆時，這支手機會收到通知。');
    } catch (error) {
      setMessage(
        error instanceof Error && error.message ? `無法開啟通知：${error.message}` : '無法開啟通知，請稍後再試。',
      );
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setMessage('');
    try {
      const subscription = await currentSubscription();
      if (subscription)
        await postJson('api/v1/consultation/case/push/remove', { token, endpoint: subscription.endpoint });
      await forgetPushLink(tag);
      setState('off');
      setMessage('已關閉這筆諮詢的推播通知。');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : '無法關閉通知，請稍後再試。');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="consultation-case__push" aria-labelledby="followed-push">
      <h2 id="followed-push">回覆通知</h2>
      {state === 'denied' ? (
        <p>這個瀏覽器已封鎖本站的通知；如要收到推播，請在瀏覽器設定中允許通知。回覆時仍會寄信給您。</p>
      ) : (
        <>
          <p>除了電子郵件，也可以在專家回覆時，讓這支手機跳出通知。</p>
          <button
            type="button"
            className="consultation-form__secondary"
            aria-pressed={state === 'on'}
            disabled={busy}
            onClick={() => void (state === 'on' ? turnOff() : turnOn())}
          >
            {state === 'on' ? '關閉回覆通知' : '回覆時通知我'}
          </button>
        </>
      )}
      <p role="status" className="consultation-form__hint">
        {message}
      </p>
    </section>
  );
}
