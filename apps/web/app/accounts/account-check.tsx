import { useEffect, useState } from 'react';
import { apiUrl } from './member-session';

/**
 * The register form's live account check (/api/info/chkiuser) as the visitor types, a moment
 * after they stop. Polite: it is announced without taking the focus.
 */
export function AccountAvailability({ account, valid }: { account: string; valid: boolean }) {
  const [answer, setAnswer] = useState<{ account: string; taken: boolean; limited?: boolean } | null>(null);
  useEffect(() => {
    if (!valid || account === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(apiUrl('api/info/chkiuser'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ a1: account }),
        signal: controller.signal,
      })
        .then(async (response) => {
          // The check has a small budget per client (decision 0296): past it, say so; the server still decides on submit.
          if (response.status === 429) setAnswer({ account, taken: false, limited: true });
          else if (response.ok) setAnswer({ account, taken: ((await response.json()) as { d: boolean }).d });
        })
        .catch(() => undefined);
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [account, valid]);
  const current = valid && answer?.account === account ? answer : null;
  return (
    <p
      className={`account-form__availability${current?.taken ? ' account-form__availability--taken' : ''}`}
      aria-live="polite"
    >
      {current
        ? current.limited
          ? '檢查次數過多，請稍後再試'
          : current.taken
            ? '此帳號已被使用，請換一個'
            : '這個帳號可以使用'
        : null}
    </p>
  );
}
