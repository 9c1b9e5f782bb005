import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-router';
import { loadDraftAtSignOut } from '../consultation';
import { Modal } from '../ui/modal';

export const unsentDraftQuestion = '此裝置有尚未送出的諮詢，要刪除嗎？';

/**
 * The sign-out button (a form posting to /logout, then a full reload of the site root). Before it
 * posts, the consultation draft kept on the phone is settled (decision 0425): deleted when nothing
 * would be lost, otherwise the asker is asked whether to delete or keep it. Without JavaScript the
 * form posts as it is (no draft is kept without it).
 */
export function SignOutForm({ className, buttonClassName }: { className?: string; buttonClassName: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const settled = useRef(false);
  const [asking, setAsking] = useState<'ask-unsent' | 'ask-queued' | null>(null);
  const [busy, setBusy] = useState(false);

  const signOut = () => {
    settled.current = true;
    setAsking(null);
    formRef.current?.requestSubmit();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (settled.current) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void loadDraftAtSignOut()
      .then((drafts) => drafts.settleDraftAtSignOut())
      // A phone whose storage cannot be read holds no draft to settle.
      .catch(() => 'done' as const)
      .then((outcome) => {
        setBusy(false);
        if (outcome === 'done') signOut();
        else setAsking(outcome);
      });
  };

  const discard = async () => {
    setBusy(true);
    try {
      await (await loadDraftAtSignOut()).discardDraft();
    } finally {
      setBusy(false);
    }
    signOut();
  };

  return (
    <>
      <Form ref={formRef} method="post" action="/logout" reloadDocument className={className} onSubmit={onSubmit}>
        <button type="submit" className={buttonClassName} aria-disabled={busy || undefined}>
          登出
        </button>
      </Form>
      {/* Static: an open modal keeps a history entry, whose removal on closing would cancel the post. */}
      <Modal open={asking !== null} onClose={() => setAsking(null)} title={unsentDraftQuestion} static>
        <p>
          諮詢的內容與您的姓名、電話、電子郵件存在這支手機上。刪除後無法復原；保留的話，下一位在這支手機上開啟諮詢表單的人會看到它們。
        </p>
        {asking === 'ask-queued' ? <p>保留的諮詢會在連上網路後自動送出。</p> : null}
        <div className="account-actions">
          <button type="button" className="button button--primary" onClick={() => void discard()} disabled={busy}>
            刪除並登出
          </button>
          <button type="button" className="button" onClick={signOut} disabled={busy}>
            保留並登出
          </button>
          <button type="button" className="button" onClick={() => setAsking(null)} disabled={busy}>
            取消
          </button>
        </div>
      </Modal>
    </>
  );
}
