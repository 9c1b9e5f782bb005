import { useState } from 'react';

/**
 * One way to subscribe from the alerts page (push, LINE): a button that checks a county is chosen,
 * stays disabled while the request runs and announces what happened in its own status line.
 */
export function AlertSubscribeAction({
  label,
  counties,
  send,
  failure,
}: {
  label: string;
  counties: string[];
  /** Subscribes; gives the sentence to announce (thrown errors are announced through `failure`). */
  send: () => Promise<string>;
  failure: (reason: string | null) => string;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function subscribe() {
    setMessage('');
    if (counties.length === 0) {
      setMessage('請至少選擇一個縣市。');
      return;
    }
    setBusy(true);
    try {
      setMessage(await send());
    } catch (error) {
      setMessage(failure(error instanceof Error && error.message ? error.message : null));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="alerts-page__push">
      <p>
        <button type="button" className="button" disabled={busy} onClick={() => void subscribe()}>
          {label}
        </button>
      </p>
      <p role="status">{message}</p>
    </div>
  );
}
